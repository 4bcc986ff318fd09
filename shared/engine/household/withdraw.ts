import { AccountKind, type CompiledPlan } from './compiled-plan.js';

/**
 * Withdraws `need` (net) from one path's account balances by the withdrawal order, drawing cash
 * down to the buffer first and the buffer itself last; retirement withdrawals are grossed up for
 * tax. `access` holds this year's flag per account. Returns the tax paid.
 */
export function withdraw(c: CompiledPlan, bal: Float64Array, access: Uint8Array, need: number, buffer: number): number {
  const order = c.withdrawalOrder;
  const taxWithdrawal = c.taxWithdrawal;
  let tax = 0;
  for (let pass = 0; pass < 2 && need > 0; pass++) {
    for (let k = 0; k < order.length && need > 0; k++) {
      const a = order[k];
      if (c.accountKind[a] === AccountKind.RETIREMENT) {
        if (pass === 1 || access[a] === 0 || taxWithdrawal >= 1) continue;
        const net = bal[a] * (1 - taxWithdrawal);
        const take = Math.min(need, net);
        const gross = take / (1 - taxWithdrawal);
        bal[a] -= Math.min(bal[a], gross);
        tax += gross - take;
        need -= take;
      } else {
        const floor = pass === 0 && a === c.cashAccount ? buffer : 0;
        if (pass === 1 && a !== c.cashAccount) continue;
        const available = bal[a] - floor;
        if (available <= 0) continue;
        const take = Math.min(need, available);
        bal[a] -= take;
        need -= take;
      }
    }
  }
  return tax;
}
