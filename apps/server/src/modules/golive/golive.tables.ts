/** Go-live alerts' tables (migration 0016_live_levels): who muted an anchor's alerts, and when each anchor's last went out. */
export interface LiveAlertMutesTable {
  user_id: number;
  anchor_id: number;
  created_at: string;
}

export interface LiveAlertsTable {
  anchor_id: number;
  sent_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    live_alert_mutes: LiveAlertMutesTable;
    live_alerts: LiveAlertsTable;
  }
}
