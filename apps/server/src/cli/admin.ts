import { parseArgs } from 'node:util';
import { phoneSchema } from '@bid/shared';
import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { AppError } from '../http/errors.ts';
import { createCompany } from '../modules/employee/service.ts';
import { SqlOperatorDirectory } from '../policy/operator-repo.ts';
import { UserRepo } from '../modules/user/repo.ts';
import { errorMessage } from '../lib/unknown.ts';

const USAGE = `用法：npm run admin -- <命令> [选项]

命令：
  create-company --name <企业名称> --phone <管理员手机号> [--registration-no <统一社会信用代码>] [--admin-name <管理员姓名>] [--bids <初始标书额度>]
      创建企业账号及其管理员（角色 company_admin）。手机号已是个人用户时，该用户成为管理员（个人数据保留）。
      管理员用短信验证码登录后，在“员工管理”中添加员工。
  create-operator --phone <手机号>
      把已注册的用户设为运营人员：登录后可进入运营后台 /admin（确认收款等）。重复执行无副作用。`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'create-operator') return createOperatorCommand(rest);
  if (command !== 'create-company') fail(USAGE);
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        name: { type: 'string' },
        phone: { type: 'string' },
        'registration-no': { type: 'string' },
        'admin-name': { type: 'string' },
        bids: { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    fail(`${errorMessage(err)}\n\n${USAGE}`);
  }
  if (!values.name) fail(`缺少 --name\n\n${USAGE}`);
  const phone = phoneSchema.safeParse(values.phone ?? '');
  if (!phone.success) fail(phone.error.issues[0]?.message ?? '手机号格式不正确');
  const bids = values.bids === undefined ? 0 : Number(values.bids);
  if (!Number.isInteger(bids) || bids < 0) fail('--bids 须为非负整数');

  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    const out = await createCompany(handle.db, {
      name: values.name,
      phone: phone.data,
      registrationNo: values['registration-no'] ?? null,
      adminName: values['admin-name'],
      bids,
    });
    process.stdout.write(`${JSON.stringify({ ...out, name: values.name.trim(), phone: phone.data })}\n`);
  } catch (err) {
    if (err instanceof AppError) fail(err.message);
    throw err;
  } finally {
    await handle.close();
  }
}

/** Marks an existing account (registered by logging in once) as an operator. */
async function createOperatorCommand(rest: string[]): Promise<void> {
  let phoneArg: string | undefined;
  try {
    phoneArg = parseArgs({ args: rest, options: { phone: { type: 'string' } }, strict: true }).values.phone;
  } catch (err) {
    fail(`${errorMessage(err)}\n\n${USAGE}`);
  }
  const phone = phoneSchema.safeParse(phoneArg ?? '');
  if (!phone.success) fail(phone.error.issues[0]?.message ?? '手机号格式不正确');
  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    const user = await new UserRepo(handle.db).findByPhone(phone.data);
    if (!user || user.status !== 'active') fail('该手机号还没有注册：请先用它登录一次，再设为运营人员');
    await new SqlOperatorDirectory(handle.db).grant(user.id);
    process.stdout.write(`${JSON.stringify({ userId: user.id, phone: phone.data, operator: true })}\n`);
  } finally {
    await handle.close();
  }
}

await main(process.argv.slice(2));
