import type { Conn } from '../../db/database.js';
import type { AuditRow } from './admin.tables.js';
import { pageOf } from '../../db/paging.js';

/** SQL for the audit log (append only: rows are never updated or deleted). */
export const auditRepository = {
  insert: (db: Conn, row: Omit<AuditRow, 'id'>) => db.insertInto('audit_log').values(row).execute(),

  page: async (db: Conn, q: { page: number; size: number; action?: string | undefined; operator_id?: number | undefined; target?: string | undefined }) => {
    let base = db.selectFrom('audit_log');
    if (q.action) base = base.where('action', '=', q.action);
    if (q.operator_id !== undefined) base = base.where('operator_id', '=', q.operator_id);
    if (q.target) base = base.where('target', '=', q.target);
    return pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), q.page, q.size);
  },
};
