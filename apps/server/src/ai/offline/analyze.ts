/** The rule-based tender analysis lives in ../analysis/; this path stays for its importers. */
export { analyzeTenderByRules, classifyCategory } from '../analysis/index.ts';
