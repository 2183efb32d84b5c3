npx actionable --pack helpdesk --jsonl --workers 2 < calls.jsonl > results.jsonl
