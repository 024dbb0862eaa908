import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.ts';
import { storageOf } from '../storage/select.ts';
import { migrateDataDir } from '../storage/migrate.ts';

const USAGE = `用法：STORAGE=s3 S3_BUCKET=… npm run storage:migrate -w apps/server [-- --remove-local]

把 DATA_DIR 下已保存的文件（uploads、pictures、exports）按原路径复制到对象存储；
已存在的对象跳过，中断后可重复执行。--remove-local：确认复制成功后删除本地文件。`;

let removeLocal = false;
try {
  const { values } = parseArgs({ options: { 'remove-local': { type: 'boolean' } }, strict: true });
  removeLocal = values['remove-local'] === true;
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
  process.exit(1);
}
const config = loadConfig();
if (config.STORAGE !== 's3') {
  process.stderr.write(`需要 STORAGE=s3 及 S3_* 配置\n\n${USAGE}\n`);
  process.exit(1);
}
const storage = storageOf(config);
try {
  await storage.check();
  const r = await migrateDataDir(config.dataDir, storage, {
    removeLocal,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `完成：复制 ${r.copied} 个文件（${r.bytes} 字节），已存在跳过 ${r.skipped} 个，删除本地 ${r.removed} 个\n`,
  );
} finally {
  storage.close?.();
}
