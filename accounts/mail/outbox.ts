// Every e-mail is first written to accounts_outbox inside the transaction that caused it, so a
// rolled-back request sends nothing. After commit, flush() hands unsent messages to the mailer
// (SMTP through nodemailer when SMTP_URL is set); with no mailer they stay in the outbox, which
// the development mailbox page (/dev/correo/) shows.
import type { Database, Queryable } from "../../platform/database";
import type { MailMessage } from "./templates";
import type { Logger } from "../../runtime/types";

export interface Mailer {
  send(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<void>;
}

export interface OutboxRow {
  id: number;
  created_at: Date;
  kind: string;
  brand: string | null;
  from_address: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: Array<{ label: string; url: string }>;
  sent_at: Date | null;
  send_error: string | null;
}

export async function queueMail(tx: Queryable, message: MailMessage, now: Date): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO accounts_outbox (created_at, kind, brand, from_address, to_address, subject, text_body, html_body, links)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [now, message.kind, message.brand, message.from, message.to, message.subject, message.text, message.html, JSON.stringify(message.links)],
  );
  return Number(rows[0].id);
}

export class Outbox {
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer | null,
    private readonly from: string,
    private readonly clock: () => number,
    private readonly logger: Logger,
  ) {}

  /** Sends what is unsent; never throws (a failed send is recorded on its row). */
  flush(): Promise<void> {
    if (!this.mailer) return Promise.resolve();
    // One flush at a time per process; a call during a flush waits for it and runs again.
    const run = async () => {
      const { rows } = await this.db.query<OutboxRow>("SELECT * FROM accounts_outbox WHERE sent_at IS NULL AND send_error IS NULL ORDER BY id LIMIT 50");
      for (const row of rows) {
        try {
          await this.mailer!.send({ from: row.from_address ?? this.from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
          await this.db.query("UPDATE accounts_outbox SET sent_at = $2 WHERE id = $1", [row.id, new Date(this.clock())]);
        } catch (error) {
          this.logger.error("cuentas: no se pudo enviar el correo", { id: row.id, error: (error as Error).message });
          await this.db.query("UPDATE accounts_outbox SET send_error = $2 WHERE id = $1", [row.id, (error as Error).message.slice(0, 500)]);
        }
      }
    };
    const previous = this.flushing ?? Promise.resolve();
    const next = previous.then(run).catch((error) => this.logger.error("cuentas: error del buzón de salida", { error: String(error?.stack ?? error) }));
    this.flushing = next.finally(() => {
      if (this.flushing === next) this.flushing = null;
    });
    return next;
  }

  async list(limit = 200): Promise<OutboxRow[]> {
    const { rows } = await this.db.query<OutboxRow>("SELECT * FROM accounts_outbox ORDER BY id DESC LIMIT $1", [limit]);
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async get(id: number): Promise<OutboxRow | null> {
    const { rows } = await this.db.query<OutboxRow>("SELECT * FROM accounts_outbox WHERE id = $1", [id]);
    return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
  }
}
