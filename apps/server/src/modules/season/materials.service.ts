import { AppError } from '../../lib/errors';

/** The admin form: quantity and remaining ≥ 0 (definition), remaining ≤ quantity (here). */
export function checkMaterialForm(data: Record<string, unknown>) {
  const quantity = Number(data.quantity ?? 0);
  const remaining = Number(data.remaining ?? 0);
  if (remaining > quantity) throw new AppError('VALIDATION_FAILED', { fieldErrors: { remaining: 'season.remainingOverQuantity' } });
}
