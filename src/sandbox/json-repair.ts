// The playground's island and workers read JSON as models write it, as the package does: jsonrepair,
// installed here rather than on the first body's path (engine/parse/json-repair.ts).
import '../engine/parse/json-repair-default';
