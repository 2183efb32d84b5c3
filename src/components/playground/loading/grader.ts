// The sandbox's grader part (src/sandbox/grade.ts), with the panel that shows a grade beside it: one chunk,
// loaded after the first body, by the page's sandbox (page-sandbox.ts) and by the result column when a reply
// is to be graded, whichever comes first.
export * from '../../../sandbox/grade';
export { GradePanel } from '../panels/GradePanel';
