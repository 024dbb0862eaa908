import type { PayMethod, TransferInfo } from '@bid/shared';

/** What a provider needs to know of an order to start paying it. */
export interface PayableOrder {
  id: string;
  /** Fen. */
  amount: number;
  packageName: string;
}

/** What the buyer is shown to pay: a QR code URL (WeChat Native) or bank transfer instructions. */
export interface PaymentStart {
  codeUrl?: string;
  transfer?: TransferInfo;
}

/**
 * One way to pay. Transfer orders are marked paid by an operator (admin/order/confirm); an online
 * provider (WeChat Pay v3) marks them paid from its verified notification.
 */
export interface PaymentProvider {
  readonly method: PayMethod;
  start(order: PayableOrder): Promise<PaymentStart>;
}

export interface BankAccount {
  bankName: string;
  accountName: string;
  accountNo: string;
}

/** Manual bank transfer: the instructions come from configuration (TRANSFER_*). */
export class TransferProvider implements PaymentProvider {
  readonly method = 'transfer' as const;

  constructor(private readonly bank: BankAccount) {}

  instructions(orderId: string): TransferInfo {
    const configured = Boolean(this.bank.bankName && this.bank.accountName && this.bank.accountNo);
    return { configured, ...this.bank, remark: `订单${orderId}` };
  }

  async start(order: PayableOrder): Promise<PaymentStart> {
    return { transfer: this.instructions(order.id) };
  }
}
