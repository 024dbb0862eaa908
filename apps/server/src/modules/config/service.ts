import { LIMITS, type ClientConfig } from '@bid/shared';

type CustomerService = ClientConfig['customerService'];
import { SettingsRepo } from './repo.ts';
import type { Db } from '../../db/db.ts';

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  chapterSettingName: '',
  loadingTips: [
    '粘贴招标文件中的项目概况和评分标准，生成效果最好',
    '大纲会按招标文件要求的章节顺序生成，并覆盖每一项评分点',
    '每次重新生成都会保留旧版本，可随时切换回去',
    '全文写作在后台进行，关闭页面也不会中断',
    '导出 Word 时可选择不同的排版模板',
  ],
  companyName: '标书 AI',
  registrationNo: '',
  // The real channel comes from configuration (CUSTOMER_SERVICE_*); nothing made up is shown.
  customerService: { phone: '', wechat: '', hours: '' },
  // The configured number (SIGNUP_TRIAL_BIDS) replaces it when the service is built.
  signupTrialBids: 1,
  // The configured UPLOAD_LIMIT replaces it when the service is built.
  uploadLimitBytes: LIMITS.uploadBytes,
};

/** Operator-set values live in the settings table under `client_config`; defaults fill the rest. */
export class ClientConfigService {
  private readonly defaults: ClientConfig;
  private readonly settings: SettingsRepo;

  /**
   * `customerService`: the channel from configuration; an operator's saved settings win over it.
   * `limits`: what signup grants (SIGNUP_TRIAL_BIDS) and the upload size (UPLOAD_LIMIT); nothing
   * saved overrides them, since the copy quoting them must say what the server really does.
   */
  constructor(
    db: Db,
    customerService: CustomerService = DEFAULT_CLIENT_CONFIG.customerService,
    private readonly limits: Pick<
      ClientConfig,
      'signupTrialBids' | 'uploadLimitBytes'
    > = DEFAULT_CLIENT_CONFIG,
  ) {
    this.defaults = {
      ...DEFAULT_CLIENT_CONFIG,
      customerService,
      signupTrialBids: limits.signupTrialBids,
      uploadLimitBytes: limits.uploadLimitBytes,
    };
    this.settings = new SettingsRepo(db);
  }

  async get(): Promise<ClientConfig> {
    const value = await this.settings.get('client_config');
    if (value === null) return this.defaults;
    try {
      return {
        ...this.defaults,
        ...(JSON.parse(value) as Partial<ClientConfig>),
        signupTrialBids: this.limits.signupTrialBids,
        uploadLimitBytes: this.limits.uploadLimitBytes,
      };
    } catch {
      return this.defaults;
    }
  }
}
