import { describe, expect, it } from 'vitest';
import { answerScore, commits, findAnswer, findLeaks, readChapter, sentencesOf } from './scan.ts';

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('bid check scans', () => {
  it('reads text, open placeholders (nodes and typed) and images of a chapter', () => {
    const r = readChapter({
      type: 'doc',
      content: [
        para('驻场人数为【待填写：人数】人。'),
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '负责人' },
            { type: 'placeholder', attrs: { label: '姓名' } },
          ],
        },
        { type: 'image', attrs: { src: 'x.png', caption: '公司标识' } },
      ],
    });
    expect(r.placeholders).toEqual(['【待填写：人数】', '【待填写：姓名】']);
    expect(r.images).toEqual(['公司标识']);
    expect(r.text).not.toContain('待填写');
    expect(r.hasContent).toBe(true);
    expect(readChapter({ type: 'doc', content: [para('【待填写：全部内容】')] }).hasContent).toBe(false);
  });

  it('a ★ clause is answered only by a sentence that commits to it, not by repeating it', () => {
    const clause = '★投标人须承诺服务期内配备不少于30名专职保洁人员。';
    expect(commits(clause, '我方承诺服务期内配备不少于30名专职保洁人员，人员名单见附件。')).toBe(true);
    expect(commits(clause, '本公司保证配备35名专职保洁人员。')).toBe(true);
    // Repetition, with or without 「——响应，无负偏离」 and a placeholder after it.
    expect(
      commits(clause, '投标人须承诺服务期内配备不少于30名专职保洁人员——响应，无负偏离，【待填写：说明】'),
    ).toBe(false);
    expect(commits(clause, '服务期内配备不少于30名专职保洁人员。')).toBe(false);
    const chapter = (text: string) => ({
      id: 'a',
      title: '承诺',
      path: ['承诺'],
      text,
      placeholders: [],
      images: [],
      hasContent: true,
    });
    expect(
      findAnswer(clause, [chapter('★投标人须承诺服务期内配备不少于30名专职保洁人员——响应，无负偏离。')])
        .answered,
    ).toBe(false);
    expect(findAnswer(clause, [chapter('我方承诺服务期内配备不少于30名专职保洁人员。')]).answered).toBe(true);
  });

  it('a ★ clause is answered by the sentence that restates it, not by an unrelated one', () => {
    const clause = '★1. 投标人须承诺故障响应时间不超过30分钟，4小时内到达现场处理。';
    expect(answerScore(clause, '我方承诺故障响应时间不超过30分钟，4小时内到达现场处理。')).toBeGreaterThan(
      0.9,
    );
    expect(answerScore(clause, '我方建立7×24小时值班制度。')).toBeLessThan(0.5);
    const chapters = [
      {
        id: 'a',
        title: '服务',
        path: ['服务'],
        text: '我方建立值班制度。\n接到报修后，我方承诺故障响应时间不超过30分钟，并于4小时内到达现场处理。',
        placeholders: [],
        images: [],
        hasContent: true,
      },
      {
        id: 'b',
        title: '其他',
        path: ['其他'],
        text: '无关内容。',
        placeholders: [],
        images: [],
        hasContent: true,
      },
    ];
    const found = findAnswer(clause, chapters);
    expect(found.answered).toBe(true);
    expect(found.chapters).toEqual([{ id: 'a', title: '服务' }]);
    expect(found.sentence).toContain('30分钟');
    expect(sentencesOf('一句话。第二句话！\n第三行文字\n短')).toEqual([
      '一句话。',
      '第二句话！',
      '第三行文字',
    ]);
  });

  it('finds company names, people, phones and e-mails, but not the tenderer, roles or placeholders', () => {
    const text = [
      '运维团队由杭州云帆信息技术有限公司组建，项目经理张伟负责全面工作。',
      '技术负责人：李娜，联系电话 13912345678，邮箱 lina@yunfan.example.com。',
      '致南湖区教育局：本公司承诺按期完成。项目经理全面负责现场管理。',
    ].join('\n');
    const leaks = findLeaks(text, ['南湖区教育局']);
    expect(leaks).toEqual([
      { kind: 'company', text: '杭州云帆信息技术有限公司' },
      { kind: 'person', text: '张伟' },
      { kind: 'person', text: '李娜' },
      { kind: 'phone', text: '13912345678' },
      { kind: 'email', text: 'lina@yunfan.example.com' },
    ]);
    expect(findLeaks('我方派驻项目经理一名，技术负责人一名。', [])).toEqual([]);
    // The registered company name is found even without a legal-form suffix nearby.
    expect(findLeaks('云帆科技的运维经验丰富。', [], ['云帆科技'])).toEqual([
      { kind: 'company', text: '云帆科技' },
    ]);
  });
});
