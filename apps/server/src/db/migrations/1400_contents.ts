import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';

/**
 * Public content (help, FAQ, news) moves into the database, where operators edit it in the console;
 * seeded with the texts the web bundle used to carry, as Markdown. Codes keep the old URLs working.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contents_kind_code_uq')
    .on('contents')
    .columns(['kind', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('contents_kind_list_idx')
    .on('contents')
    .columns(['kind', 'published', 'sort'])
    .execute();

  const base = Date.parse('2026-01-01T00:00:00.000Z');
  await db
    .insertInto('contents')
    .values(
      SEED.map((r, i) => {
        // Earlier rows of a kind are newer (news lists newest first) and sort first.
        const at = new Date(base - i * 60_000).toISOString();
        return {
          id: newId(),
          ...r,
          // Indexed by the content module when the server starts (ContentService.reindex): the folding is its own.
          search_text: '',
          published: 1,
          sort: i * 10,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contents').execute();
}

const SEED: Array<{
  kind: string;
  code: string;
  category: string;
  title: string;
  summary: string;
  body: string;
}> = [
  {
    kind: 'help',
    code: 'getting-started',
    category: '帮助',
    title: '五分钟上手标书 AI',
    summary: '从新建标书到导出 Word 的完整流程。',
    body: '1. 登录后进入工作台，点击“新建标书”，填写标书名称。\n2. 把招标文件中的“项目概况”和“评分标准”粘贴进来，或直接上传招标文件（PDF、DOCX、DOC、TXT）。粘贴项目概况和评分要求，生成效果最好。\n3. 确认解析结果后，AI 会按照招标文件要求的章节顺序生成大纲，并把每一项技术、商务评分点对应到章节。\n4. 大纲可以随意修改：重命名、增加下级或同级章节、拖动排序、升级降级、删除。满意后进入写作页，逐章写作或使用“全文写作”。\n5. 写完后在写作页点击“导出 Word”，选择排版模板即可下载。',
  },
  {
    kind: 'help',
    code: 'upload-tender',
    category: '帮助',
    title: '如何上传或粘贴招标文件',
    summary: '支持的文件格式、大小限制，以及为什么推荐粘贴评分标准。',
    body: '1. 支持 PDF、DOCX、DOC 和 TXT 格式。扫描件 PDF 中的文字无法直接识别，建议使用可复制文字的版本。\n2. 招标文件往往有上百页，真正决定得分的是“项目概况”和“评分标准”两部分。把这两部分粘贴进来，AI 能更准确地对应评分点。\n3. 解析完成后，页面会列出识别到的项目信息、评分项及分值、★号条款和废标条款，请核对后再生成大纲。',
  },
  {
    kind: 'help',
    code: 'outline',
    category: '帮助',
    title: '编辑与重新生成大纲',
    summary: '大纲树的各项操作，以及如何控制篇幅。',
    body: '1. 在大纲上可以重命名章节、增加下级或同级章节、上移下移、拖动、升级降级和删除。\n2. 对整份大纲或某一章的下级章节都可以重新生成；每次重新生成都会保存为一个版本，可随时切换回之前的版本。\n3. 新建标书时填写的目标页数会折算成每个章节的字数预算，写作时按预算控制篇幅。',
  },
  {
    kind: 'help',
    code: 'full-write',
    category: '帮助',
    title: '全文写作：一次写完所有章节',
    summary: '全文写作在后台运行，关闭页面也不会中断。',
    body: '1. 在写作页点击“全文写作”，系统会同时撰写多个章节，并显示每一章和整体的进度。\n2. 写作在服务器后台进行：关闭浏览器标签或网络中断都不会丢失进度，重新打开标书即可看到最新结果。\n3. 已经有内容的章节默认不会被覆盖；如需重写，请在章节上单独重新生成，旧内容会保留为历史版本。',
  },
  {
    kind: 'help',
    code: 'versions',
    category: '帮助',
    title: '版本与回退',
    summary: '每次重新生成都会保留旧内容，一键恢复。',
    body: '1. 章节内容和大纲在每次重新生成前都会自动保存一个版本。\n2. 在章节的“历史版本”中选择任意版本即可预览并恢复，恢复操作本身也会保存为新版本，不会丢失任何内容。',
  },
  {
    kind: 'help',
    code: 'export-word',
    category: '帮助',
    title: '导出 Word 与排版模板',
    summary: '选择模板、字体字号、标题编号和目录。',
    body: '1. 导出时可以选择排版模板：模板决定正文字体（如宋体、仿宋）、字号（如小四）、行距、标题编号（第一章 / 1.1 / 1.1.1）、封面、目录、页眉和页码。\n2. 表格、思维导图、流程图、甘特图和图片会按章节位置导出到 Word 中。\n3. 任何时候都可以导出，不必等到标书完成。',
  },
  {
    kind: 'help',
    code: 'quota',
    category: '帮助',
    title: '标书额度说明',
    summary: '新建一份标书消耗一份额度，额度的几种来源。',
    body: '1. 每新建一份标书消耗一份额度，新建页面会显示剩余额度。\n2. 额度来源包括：购买的套餐额度、每月额度、体验额度（新用户注册赠送）和活动赠送额度；部分套餐在有效期内不限次数。\n3. 额度用完后可在套餐页面购买，企业账号的员工共用企业额度。',
  },
  {
    kind: 'help',
    code: 'company-account',
    category: '帮助',
    title: '企业账号与员工管理',
    summary: '企业管理员如何添加和移除员工。',
    body: '1. 企业账号的页面顶部会显示企业名称和“企业”标识，左侧菜单中有“员工管理”。\n2. 管理员可以按手机号邀请员工（对方登录后接受邀请才加入）、查看员工列表和移除员工；员工使用企业额度，标书归属于企业。',
  },
  {
    kind: 'question',
    code: '1',
    category: '使用',
    title: '生成的标书可以直接投标吗？',
    summary:
      'AI 生成的是一份按评分标准组织的初稿，但投标前必须由您核对事实、补充资质证明和报价等材料；写作页的“提交前检查”会列出未覆盖的评分项、未响应的★号条款和未填写的【待填写】。',
    body: 'AI 生成的是一份按评分标准组织的初稿，但投标前必须由您核对事实、补充资质证明和报价等材料；写作页的“提交前检查”会列出未覆盖的评分项、未响应的★号条款和未填写的【待填写】。\n\n对于知识库中没有的信息（如项目经理姓名），系统会留下醒目的【待填写】标记，而不会编造。',
  },
  {
    kind: 'question',
    code: '2',
    category: '使用',
    title: '上传的招标文件和标书内容会泄露吗？',
    summary: '您的标书、招标文件和知识库只有您本人（企业账号为本企业成员）可以访问。',
    body: '您的标书、招标文件和知识库只有您本人（企业账号为本企业成员）可以访问。\n\n我们不会把您的内容用于其他用户的写作。',
  },
  {
    kind: 'question',
    code: '3',
    category: '额度',
    title: '新建标书失败会扣额度吗？',
    summary: '不会。只有标书创建成功才会扣除一份额度；解析失败或创建失败不会扣除。',
    body: '不会。只有标书创建成功才会扣除一份额度；解析失败或创建失败不会扣除。',
  },
  {
    kind: 'question',
    code: '4',
    category: '使用',
    title: '全文写作需要多长时间？',
    summary:
      '取决于章节数量和篇幅，通常一份百页左右的技术标在数十分钟内完成。写作在后台进行，您可以关闭页面稍后再来。',
    body: '取决于章节数量和篇幅，通常一份百页左右的技术标在数十分钟内完成。写作在后台进行，您可以关闭页面稍后再来。',
  },
  {
    kind: 'question',
    code: '5',
    category: '导出',
    title: '导出的 Word 格式不符合招标文件要求怎么办？',
    summary:
      '导出时可以选择不同的排版模板；如果招标文件有特殊要求，导出后在 Word 中调整样式即可，标题均使用 Word 标准样式，便于统一修改。',
    body: '导出时可以选择不同的排版模板；如果招标文件有特殊要求，导出后在 Word 中调整样式即可，标题均使用 Word 标准样式，便于统一修改。',
  },
  {
    kind: 'question',
    code: '6',
    category: '账号',
    title: '如何开具发票？',
    summary:
      '在线申请发票的功能正在开发中。目前请联系客服（页面左下角“联系客服”），提供已付款的订单号（在“套餐与订单”中查看）和开票信息。',
    body: '在线申请发票的功能正在开发中。目前请联系客服（页面左下角“联系客服”），提供已付款的订单号（在“套餐与订单”中查看）和开票信息。',
  },
  {
    kind: 'question',
    code: '7',
    category: '账号',
    title: '为什么在微信里打不开？',
    summary:
      'Windows 版微信的内置浏览器不支持标书写作和 Word 导出，请复制链接到 Chrome、Edge 等电脑浏览器中打开。',
    body: 'Windows 版微信的内置浏览器不支持标书写作和 Word 导出，请复制链接到 Chrome、Edge 等电脑浏览器中打开。',
  },
  {
    kind: 'question',
    code: '8',
    category: '额度',
    title: '企业账号的员工如何使用额度？',
    summary: '企业员工新建标书时使用企业的额度，管理员可以在员工管理中添加或移除员工。',
    body: '企业员工新建标书时使用企业的额度，管理员可以在员工管理中添加或移除员工。',
  },
  {
    kind: 'news',
    code: '1',
    category: '产品更新',
    title: '全文写作支持后台运行',
    summary: '关闭页面、网络中断都不会影响写作进度。',
    body: '全文写作现在完全在服务器后台运行。您可以在开始写作后关闭页面，稍后重新打开标书查看进度和结果。\n\n写作页会实时显示每一章的状态：未开始、写作中、已完成或出错，出错的章节可以单独重试。',
  },
  {
    kind: 'news',
    code: '2',
    category: '产品更新',
    title: '新增提交前检查',
    summary: '导出和完成前，一眼看出还有哪些问题。',
    body: '写作页顶部新增“提交前检查”：评分覆盖（每个评分项对应回应它的章节，未覆盖的以红色标出，可一键补写一节）、★/废标条款（标出回应它的原句）、暗标（单位名称、人名、电话、邮箱、图片、页眉和文档属性）、待填写和页数五项。\n\n导出 Word 和完成标书前会先列出可能导致废标的问题，确认后才继续。',
  },
  {
    kind: 'news',
    code: '3',
    category: '产品更新',
    title: '章节内可生成表格、思维导图、流程图和甘特图',
    summary: '图表随章节一起导出到 Word。',
    body: '在写作页右侧的 AI 面板中，可以为当前章节生成表格、思维导图、流程图和甘特图。\n\n图表在网页和导出的 Word 中显示一致，并可再次编辑。',
  },
  {
    kind: 'news',
    code: '4',
    category: '使用技巧',
    title: '如何让 AI 写出更贴合招标文件的标书',
    summary: '三个简单的习惯，明显提升初稿质量。',
    body: '第一，粘贴完整的评分标准，包括每一项的分值和评分细则。\n\n第二，把企业资质、过往业绩和人员信息整理进知识库，AI 写作时会引用并注明来源。\n\n第三，对重点章节使用齿轮设置字数和补充要求，例如“突出本地化服务团队”。',
  },
];
