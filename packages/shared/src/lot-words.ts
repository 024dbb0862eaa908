/**
 * The words tenders name one 采购包 with, in one place: every reader of 包 markers, 包 columns and
 * 包 mentions builds its patterns from these. Platforms differ — 政采云 writes 标项1, others 合同包2,
 * 第三标段, 第2分标 — and a word missing here made a whole tender's 包 invisible.
 * (标项 not after 指/目: 指标项3 is a parameter's third indicator, not 包 3.)
 */
export const LOT_WORD_BEFORE_NO = '(?:采购包|合同包|分包|包件|标包|(?<![指目])标项|包|标段)';
/** After 第 and the number: 第一标段, 第2包, 第3分标, 第1标项. */
export const LOT_WORD_AFTER_NO = '(?:采购包|合同包|标包|标项|包|标段|分标)';
/** A header cell naming 包 (包号, 标段, 标项名称). */
export const LOT_HEAD_WORD = /包|标段|标项/;
