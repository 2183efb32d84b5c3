npm install actionable
