import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';

/** Accounts: SMS codes, captchas, WeChat scenes, rate limits, tickets, invitations, notices, partners, usage marks. */
export async function up(db: Kysely<any>): Promise<void> {
  // Where an employee's personal account lives while attached to a company (restored on removal).
  await db.schema.alterTable('users').addColumn('home_tenant_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('preferred_model', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    // HMAC-SHA256 over id, phone, purpose and code: the code itself is never stored.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('sms_codes_phone_idx')
    .on('sms_codes')
    .columns(['phone', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('wechat_scenes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('openid', 'text')
    .addColumn('nickname', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema.createIndex('wechat_scenes_expires_idx').on('wechat_scenes').column('expires_at').execute();

  await db.schema
    .createTable('verify_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('invite_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inviter_user_id', 'text', (c) => c.notNull())
    .addColumn('invitee_user_id', 'text', (c) => c.notNull().unique())
    .addColumn('invitation_code', 'text', (c) => c.notNull())
    .addColumn('reward_units', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invite_records_inviter_idx')
    .on('invite_records')
    .column('inviter_user_id')
    .execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'head' (the banner) | 'update' (release notes, one per version)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('version', 'text')
    .addColumn('level', 'text', (c) => c.notNull().defaultTo('info'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_at', 'text')
    .addColumn('end_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_kind_idx').on('notices').columns(['kind', 'status']).execute();

  await db.schema
    .createTable('user_notice_closes')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('notice_id', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_notice_closes_pk', ['user_id', 'notice_id'])
    .execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('link', 'text')
    .addColumn('description', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('usage_marks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('tenant_id', 'text')
    .addColumn('mark', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('usage_marks_mark_idx')
    .on('usage_marks')
    .columns(['mark', 'created_at'])
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto('notices')
    .values([
      {
        id: newId(),
        kind: 'head',
        title: '使用提示',
        level: 'info',
        status: 1,
        sort: 0,
        link: null,
        version: null,
        start_at: null,
        end_at: null,
        content: '粘贴招标文件中的项目概况和评分标准，生成的大纲和正文效果最好。',
        created_at: now,
        updated_at: now,
      },
      {
        id: newId(),
        kind: 'update',
        title: '标书 AI 0.1.0 更新说明',
        level: 'info',
        status: 1,
        sort: 0,
        link: null,
        version: '0.1.0',
        start_at: null,
        end_at: null,
        content:
          '1. 支持短信验证码、账号密码和微信扫码登录；\n2. 企业账号可添加和移除员工，员工共用企业额度；\n3. 个人中心可修改手机号、密码并查看标书额度。',
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
  const partners = [
    '政府采购代理机构',
    '建筑工程施工企业',
    '信息化系统集成商',
    '医疗设备供应商',
    '物业服务企业',
    '工程咨询设计院',
  ];
  await db
    .insertInto('partners')
    .values(
      partners.map((name, i) => ({
        id: newId(),
        name,
        logo_url: null,
        link: null,
        description: null,
        sort: i,
        status: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'usage_marks',
    'partners',
    'user_notice_closes',
    'notices',
    'invite_records',
    'verify_tickets',
    'wechat_scenes',
    'captchas',
    'sms_codes',
    'rate_limits',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const c of ['last_login_at', 'preferred_model', 'home_tenant_id'])
    await db.schema.alterTable('users').dropColumn(c).execute();
}
