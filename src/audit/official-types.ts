// The shape of content/audit/official.json (written by official.ts, read by the /audit/ page).
import type { AuditReport } from './report';

export interface OfficialAudit {
  id: string;
  package: string;
  version: string;
  /** The command as a user would type it (the audit ran the same package from node_modules). */
  command: string;
  report: AuditReport;
}

export interface OfficialAudits {
  /** The day of the run, YYYY-MM-DD. */
  recorded: string;
  audits: OfficialAudit[];
}
