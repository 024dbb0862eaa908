import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';
import { inWorkspaceScope } from '../bid/http.ts';

/** getBidForms, saveBidPrice, saveBidPriceLines and saveBidTerms: the tender's own forms filled for a bid, its one 报价 (typed, or the 合计 of its 分项 lines) and the terms it states. */
export async function registerFormsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { forms } = ctx.services;
  await inWorkspaceScope(app, (scope) => {
    const route = userRoutes(scope, ['标书']);
    route(
      endpoints.getBidForms,
      '招标文件格式：投标函、开标一览表等按招标文件原文，空白处由标书与企业资料库填写',
      (actor, body) => forms.forms(actor, body.id),
    );
    route(endpoints.saveBidPrice, '保存报价（小写；大写自动生成），所有格式中的报价随之改变', (actor, body) =>
      forms.savePrice(actor, body),
    );
    route(
      endpoints.saveBidPriceLines,
      '保存分项报价（名称、数量、不含税单价、税率），其合计即为报价，所有格式中的报价随之改变',
      (actor, body) => forms.savePriceLines(actor, body),
    );
    route(
      endpoints.saveBidTerms,
      '保存标书承诺的工期、质保期、投标有效期，格式中的对应空白随之改变，并与招标文件要求核对',
      (actor, body) => forms.saveTerms(actor, body),
    );
  });
}
