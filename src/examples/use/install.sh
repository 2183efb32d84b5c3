npm install actionable-errors
