npx --no -- actionable-errors --pack helpdesk --jsonl --workers 2 < calls.jsonl > results.jsonl
