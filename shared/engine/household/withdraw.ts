import { AccountKind, type CompiledPlan } from './compiled-plan.js';

/**
 * Withdraws `need` (net) by the withdrawal order, drawing cash down to the buffer first and the
 * buffer itself last; retirement withdrawals are grossed up for tax. Returns the tax paid.
 * Balances and this year's access flags are read at [a * stride + slot]: a batch's slot, or
 * (stride 1, slot 0) one path's accounts.
 */
export function withdraw(
  c: CompiledPlan,
  bal: Float64Array,
  access: Uint8Array,
  stride: number,
  slot: number,
  need: number,
  buffer: number,
): number {
  const order = c.withdrawalOrder;
  const taxWithdrawal = c.taxWithdrawal;
  let tax = 0;
  for (let pass = 0; pass < 2 && need > 0; pass++) {
    for (let k = 0; k < order.length && need > 0; k++) {
      const a = order[k];
      const at = a * stride + slot;
      if (c.accountKind[a] === AccountKind.RETIREMENT) {
        if (pass === 1 || access[at] === 0 || taxWithdrawal >= 1) continue;
        const net = bal[at] * (1 - taxWithdrawal);
        const take = Math.min(need, net);
        const gross = take / (1 - taxWithdrawal);
        bal[at] -= Math.min(bal[at], gross);
        tax += gross - take;
        need -= take;
      } else {
        const floor = pass === 0 && a === c.cashAccount ? buffer : 0;
        if (pass === 1 && a !== c.cashAccount) continue;
        const available = bal[at] - floor;
        if (available <= 0) continue;
        const take = Math.min(need, available);
        bal[at] -= take;
        need -= take;
      }
    }
  }
  return tax;
}
