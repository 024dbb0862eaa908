import { describe, expect, it } from 'vitest';
import { DRAFT_NOTICE, ph } from '../../ai/offline/draft.ts';
import { EchoIndex, isWritten, ownWords, wordsNeeded } from './written.ts';

const TENDER =
  '★投标人须承诺服务期内配备不少于30名专职保洁人员，并在接到通知后30分钟内到达现场处置。道路清扫保洁面积约120万平方米。';

describe('own text of a chapter', () => {
  it('leaves out placeholders and the draft notice', () => {
    const text = `${DRAFT_NOTICE}\n一、人员配置\n${ph('项目负责人姓名')}。我司设立项目部。`;
    // 一人员配置 (5) + 我司设立项目部 (7)
    expect(ownWords(text, null)).toBe(12);
  });

  it('leaves out text repeated from the tender, also with other punctuation around it', () => {
    const echoes = new EchoIndex([TENDER]);
    const echoed =
      '投标人须承诺服务期内配备不少于30名专职保洁人员，并在接到通知后30分钟内到达现场处置——响应，无负偏离。';
    // Only 响应无负偏离 is the chapter's own.
    expect(ownWords(echoed, echoes)).toBe(6);
    const own = '我司将按片区划分作业班组，每组设组长一名，实行日巡查与周考核相结合的管理方式。';
    expect(ownWords(own, echoes)).toBe(ownWords(own, null));
  });

  it('is written at the share of its target, or when marked 无需正文', () => {
    expect(wordsNeeded(1000, 60)).toBe(600);
    expect(wordsNeeded(null, 60)).toBe(1);
    expect(isWritten({ own_words: 599, target_words: 1000 }, 60)).toBe(false);
    expect(isWritten({ own_words: 600, target_words: 1000 }, 60)).toBe(true);
    expect(isWritten({ own_words: 0, target_words: 1000, noText: true }, 60)).toBe(true);
    expect(isWritten({ own_words: 0, target_words: null }, 60)).toBe(false);
    expect(isWritten({ own_words: 300, target_words: 1000 }, 30)).toBe(true);
  });
});
