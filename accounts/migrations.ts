// Schema of accounts and sales. The same SQL runs on PGlite and on PostgreSQL; every table is
// prefixed "accounts_" so it never collides with the content store sharing the database.
import type { Migration } from "../platform/migrations";

export const accountsMigrations: Migration[] = [
  {
    id: "accounts-001-identity",
    sql: `
      -- Server-wide values, e.g. the JWT signing secret when IDENTITY_JWT_SECRET is not set.
      CREATE TABLE accounts_settings (
        key text PRIMARY KEY,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE accounts_users (
        uuid text PRIMARY KEY,
        -- Lower-cased; NULL once the account is anonymised.
        email text,
        email_verified boolean NOT NULL DEFAULT false,
        first_name text,
        last_name text,
        second_last_name text,
        display_name text,
        gender text,
        birth_year text,
        birth_month text,
        birth_day text,
        picture text,
        legacy_id text,
        contacts jsonb NOT NULL DEFAULT '[]',
        addresses jsonb NOT NULL DEFAULT '[]',
        attributes jsonb NOT NULL DEFAULT '[]',
        settings jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'Active',
        created_at timestamptz NOT NULL,
        modified_at timestamptz NOT NULL,
        deleted_at timestamptz
      );
      CREATE UNIQUE INDEX accounts_users_email ON accounts_users (email);

      -- Ways to sign in: 'Identity' (e-mail and password) now; 'Google', 'Facebook', 'Apple', 'OIDC' later.
      CREATE TABLE accounts_identities (
        id bigserial PRIMARY KEY,
        user_uuid text NOT NULL REFERENCES accounts_users (uuid) ON DELETE CASCADE,
        type text NOT NULL,
        user_name text NOT NULL,
        password_hash text,
        password_reset boolean NOT NULL DEFAULT false,
        locked boolean NOT NULL DEFAULT false,
        last_login_at timestamptz,
        created_at timestamptz NOT NULL,
        modified_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX accounts_identities_type_user_name ON accounts_identities (type, user_name);
      CREATE INDEX accounts_identities_user ON accounts_identities (user_uuid);

      -- One row per sign-in; refresh tokens rotate inside it. Revoking it ends every token of the family.
      CREATE TABLE accounts_sessions (
        id text PRIMARY KEY,
        user_uuid text NOT NULL REFERENCES accounts_users (uuid) ON DELETE CASCADE,
        remember_me boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason text
      );
      CREATE INDEX accounts_sessions_user ON accounts_sessions (user_uuid);

      CREATE TABLE accounts_refresh_tokens (
        jti text PRIMARY KEY,
        session_id text NOT NULL REFERENCES accounts_sessions (id) ON DELETE CASCADE,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        -- Set when exchanged for a new pair; presenting it again is a reuse.
        used_at timestamptz
      );
      CREATE INDEX accounts_refresh_tokens_session ON accounts_refresh_tokens (session_id);

      -- Single-use links sent by e-mail. Only the SHA-256 of the nonce is stored.
      CREATE TABLE accounts_nonces (
        token_hash text PRIMARY KEY,
        kind text NOT NULL,
        user_uuid text REFERENCES accounts_users (uuid) ON DELETE CASCADE,
        email text,
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX accounts_nonces_user_kind ON accounts_nonces (user_uuid, kind);

      -- Counters for login failures and e-mail requests, shared by every server process.
      CREATE TABLE accounts_rate_limits (
        key text PRIMARY KEY,
        window_started_at timestamptz NOT NULL,
        hits integer NOT NULL,
        blocked_until timestamptz
      );

      CREATE TABLE accounts_gdpr_reports (
        id bigserial PRIMARY KEY,
        user_uuid text NOT NULL REFERENCES accounts_users (uuid) ON DELETE CASCADE,
        requested_at timestamptz NOT NULL,
        available_until timestamptz NOT NULL,
        data text NOT NULL
      );
      CREATE INDEX accounts_gdpr_reports_user ON accounts_gdpr_reports (user_uuid);

      CREATE TABLE accounts_deletion_requests (
        id bigserial PRIMARY KEY,
        user_uuid text NOT NULL,
        requested_at timestamptz NOT NULL,
        status text NOT NULL,
        decided_at timestamptz,
        reason text
      );

      CREATE TABLE accounts_outbox (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL,
        kind text NOT NULL,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        links jsonb NOT NULL DEFAULT '[]',
        sent_at timestamptz,
        send_error text
      );

      CREATE TABLE accounts_amp_readers (
        reader_id text PRIMARY KEY,
        user_uuid text REFERENCES accounts_users (uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        linked_at timestamptz
      );
    `,
  },
  {
    id: "accounts-002-sales",
    sql: `
      CREATE TABLE accounts_carts (
        id text PRIMARY KEY,
        user_uuid text REFERENCES accounts_users (uuid) ON DELETE CASCADE,
        items jsonb NOT NULL DEFAULT '[]',
        billing_address jsonb,
        -- Bumped by every change: an order is tied to one revision, so a retried checkout finds it.
        revision integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX accounts_carts_user ON accounts_carts (user_uuid);

      CREATE TABLE accounts_payment_methods (
        id bigserial PRIMARY KEY,
        user_uuid text,
        provider text NOT NULL,
        provider_ref text NOT NULL,
        card_type text,
        first_six text,
        last_four text,
        expiration text,
        card_holder text,
        created_at timestamptz NOT NULL
      );

      CREATE TABLE accounts_orders (
        order_number text PRIMARY KEY,
        id bigserial UNIQUE,
        user_uuid text REFERENCES accounts_users (uuid) ON DELETE SET NULL,
        cart_id text NOT NULL,
        cart_revision integer NOT NULL,
        idempotency_key text,
        status text NOT NULL,
        email text NOT NULL,
        phone text,
        first_name text,
        last_name text,
        second_last_name text,
        billing_address jsonb,
        shipping_address jsonb,
        items jsonb NOT NULL,
        currency text NOT NULL,
        subtotal numeric NOT NULL,
        tax numeric NOT NULL,
        shipping numeric NOT NULL,
        total numeric NOT NULL,
        -- Bumped after each definitive payment result: the provider idempotency key includes it.
        payment_attempt integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        paid_at timestamptz
      );
      CREATE UNIQUE INDEX accounts_orders_cart_revision ON accounts_orders (cart_id, cart_revision);
      CREATE UNIQUE INDEX accounts_orders_idempotency ON accounts_orders (idempotency_key);
      CREATE INDEX accounts_orders_user ON accounts_orders (user_uuid, created_at DESC);

      -- In-flight markers: one row per (order or payment method, step) while a step runs.
      CREATE TABLE accounts_payment_steps (
        subject text NOT NULL,
        step text NOT NULL,
        started_at timestamptz NOT NULL,
        PRIMARY KEY (subject, step)
      );

      -- 3-D Secure challenges waiting for the reader: for an order, or for a payment-method update.
      CREATE TABLE accounts_pending_challenges (
        challenge_token text PRIMARY KEY,
        subject text NOT NULL,
        provider text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL
      );

      CREATE TABLE accounts_payments (
        id bigserial PRIMARY KEY,
        order_number text REFERENCES accounts_orders (order_number),
        subscription_id bigint,
        payment_method_id bigint REFERENCES accounts_payment_methods (id),
        provider text NOT NULL,
        provider_charge_id text,
        kind text NOT NULL,
        status text NOT NULL,
        error_code text,
        amount numeric NOT NULL,
        currency text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX accounts_payments_order ON accounts_payments (order_number);

      CREATE TABLE accounts_subscriptions (
        id bigserial PRIMARY KEY,
        -- NULL for an unredeemed gift or share, or a guest purchase waiting for its e-mail to be verified.
        user_uuid text REFERENCES accounts_users (uuid) ON DELETE SET NULL,
        owner_email text,
        purchaser_uuid text,
        order_number text REFERENCES accounts_orders (order_number),
        parent_id bigint REFERENCES accounts_subscriptions (id),
        sku text NOT NULL,
        price_code text NOT NULL,
        product_name text NOT NULL,
        status integer NOT NULL,
        payment_method_id bigint REFERENCES accounts_payment_methods (id),
        billing_address jsonb,
        current_period_start timestamptz NOT NULL,
        current_period_end timestamptz NOT NULL,
        redeem_code text UNIQUE,
        gift_recipient jsonb,
        redeemed_at timestamptz,
        shared_email text,
        events jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX accounts_subscriptions_user ON accounts_subscriptions (user_uuid);
      CREATE INDEX accounts_subscriptions_parent ON accounts_subscriptions (parent_id);
      CREATE INDEX accounts_subscriptions_owner_email ON accounts_subscriptions (owner_email) WHERE user_uuid IS NULL;

      -- What the built-in test payment provider charged, keyed by the idempotency key it was given.
      CREATE TABLE accounts_test_provider_charges (
        idempotency_key text PRIMARY KEY,
        charge_id text NOT NULL UNIQUE,
        card_last_four text NOT NULL,
        amount numeric NOT NULL,
        currency text NOT NULL,
        outcome text NOT NULL,
        created_at timestamptz NOT NULL
      );
    `,
  },
  {
    // docs/decisions/0010-checkout-money-moves-once.md. Columns only (no new tables).
    id: "accounts-003-money-moves-once",
    sql: `
      -- The charge an order has asked the provider for and not yet settled: written before the
      -- provider is called, cleared in the transaction that records the outcome. A row left with a
      -- key (the process died in between) is what reconciliation looks at.
      ALTER TABLE accounts_orders ADD COLUMN charge_key text;
      ALTER TABLE accounts_orders ADD COLUMN charge_provider text;
      ALTER TABLE accounts_orders ADD COLUMN charge_started_at timestamptz;
      CREATE INDEX accounts_orders_open_charge ON accounts_orders (charge_started_at) WHERE charge_key IS NOT NULL;
      -- Pending orders are looked up by buyer to reuse them (two tabs, a reload).
      CREATE INDEX accounts_orders_pending_cart ON accounts_orders (cart_id) WHERE status = 'Pending';

      -- The test provider keeps its 3-D Secure challenges and refunds on the server, as a real one does.
      ALTER TABLE accounts_test_provider_charges ADD COLUMN challenge_token text;
      ALTER TABLE accounts_test_provider_charges ADD COLUMN challenge_result text;
      ALTER TABLE accounts_test_provider_charges ADD COLUMN challenge_decided_at timestamptz;
      ALTER TABLE accounts_test_provider_charges ADD COLUMN refund_id text;
      ALTER TABLE accounts_test_provider_charges ADD COLUMN refund_key text;
      ALTER TABLE accounts_test_provider_charges ADD COLUMN refunded_at timestamptz;
      CREATE UNIQUE INDEX accounts_test_provider_charges_challenge ON accounts_test_provider_charges (challenge_token);
      CREATE UNIQUE INDEX accounts_test_provider_charges_refund ON accounts_test_provider_charges (refund_key);
    `,
  },
  {
    id: "accounts-004-guest-purchases-need-a-verified-email",
    sql: `
      -- A guest purchase belongs to an account only once the account has verified the order e-mail.
      -- Earlier versions attached it at purchase time to any active account with that e-mail: those
      -- still unverified give it back to the order e-mail, and get it again when they verify it.
      UPDATE accounts_subscriptions s SET user_uuid = NULL, owner_email = o.email
      FROM accounts_orders o, accounts_users u
      WHERE s.order_number = o.order_number AND s.user_uuid = u.uuid
        AND o.user_uuid IS NULL AND s.purchaser_uuid IS NULL AND s.parent_id IS NULL AND s.redeem_code IS NULL
        AND u.email = o.email AND u.email_verified = false;
    `,
  },
  {
    // docs/decisions/0012-threat-model.md: what anyone can make the service store expires, and
    // e-mail asked for by address is handled off the request path.
    id: "accounts-005-expiry-and-mail-requests",
    sql: `
      -- Reset, magic-link and verification e-mails asked for by address, waiting to be handled
      -- (identity/mail-requests.ts): the request answers before the address is looked up.
      CREATE TABLE accounts_mail_requests (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        email text NOT NULL,
        requested_at timestamptz NOT NULL
      );

      -- When an AMP reader id was last created, written or read: unlinked ids not seen for a while
      -- are deleted by the periodic clean-up (maintenance.ts).
      ALTER TABLE accounts_amp_readers ADD COLUMN seen_at timestamptz;
      UPDATE accounts_amp_readers SET seen_at = COALESCE(linked_at, created_at);
      ALTER TABLE accounts_amp_readers ALTER COLUMN seen_at SET NOT NULL;
      CREATE INDEX accounts_amp_readers_unlinked_seen ON accounts_amp_readers (seen_at) WHERE user_uuid IS NULL;
      CREATE INDEX accounts_carts_anonymous_updated ON accounts_carts (updated_at) WHERE user_uuid IS NULL;
      CREATE INDEX accounts_gdpr_reports_available ON accounts_gdpr_reports (available_until);
      CREATE INDEX accounts_gdpr_reports_user_requested ON accounts_gdpr_reports (user_uuid, requested_at);
      CREATE INDEX accounts_rate_limits_window ON accounts_rate_limits (window_started_at);
    `,
  },
  {
    // docs/decisions/0017-renewals.md: the renewal job (sales/renewals.ts).
    id: "accounts-006-renewals",
    sql: `
      -- Failed attempts of the renewal under way (0 when none failed), and when the next retry is due
      -- (status 4: payment failed, access kept during the grace period).
      ALTER TABLE accounts_subscriptions ADD COLUMN renewal_attempts integer NOT NULL DEFAULT 0;
      ALTER TABLE accounts_subscriptions ADD COLUMN retry_at timestamptz;
      -- The provider idempotency key of a renewal charge asked for and not yet recorded: written
      -- (under the row's lock) before the provider is called, cleared in the transaction that
      -- records the outcome. A key left behind by a crash is asked again with the same key, which
      -- the provider answers with its first outcome: a renewal is charged once.
      ALTER TABLE accounts_subscriptions ADD COLUMN renewal_key text;
      ALTER TABLE accounts_subscriptions ADD COLUMN renewal_started_at timestamptz;
      CREATE INDEX accounts_subscriptions_renewal_due ON accounts_subscriptions (current_period_end)
        WHERE parent_id IS NULL AND status IN (1, 3, 4);
      -- A renewal's order names its subscription; one order per subscription and period (the
      -- unique index of cart_id and cart_revision holds it: cart_id 'renovacion:<id>').
      ALTER TABLE accounts_orders ADD COLUMN subscription_id bigint;
      ALTER TABLE accounts_orders ADD COLUMN kind text NOT NULL DEFAULT 'purchase';
    `,
  },
  {
    // Every e-mail speaks for the brand on which the reader acted (mail/brand.ts).
    id: "accounts-007-brands",
    sql: `
      ALTER TABLE accounts_users ADD COLUMN brand text;
      ALTER TABLE accounts_orders ADD COLUMN brand text;
      ALTER TABLE accounts_subscriptions ADD COLUMN brand text;
      ALTER TABLE accounts_mail_requests ADD COLUMN brand text;
      ALTER TABLE accounts_outbox ADD COLUMN brand text;
      ALTER TABLE accounts_outbox ADD COLUMN from_address text;
    `,
  },
  {
    // The 4-device limit of the digital subscription (identity/devices.ts): what each session is.
    id: "accounts-008-devices",
    sql: `
      ALTER TABLE accounts_sessions ADD COLUMN user_agent text;
      ALTER TABLE accounts_sessions ADD COLUMN last_seen_at timestamptz;
      CREATE INDEX accounts_sessions_user_live ON accounts_sessions (user_uuid) WHERE revoked_at IS NULL;
    `,
  },
  {
    // The help centre's PQRS form (pqrs.ts) and the newsletter and data-consent lists
    // (newsletter.ts): what readers send without an account (docs/help-centre.md#pqrs-form,
    // docs/carousels-and-blocks.md#newsletter).
    id: "accounts-009-pqrs-and-newsletter",
    sql: `
      -- One row per request, acknowledged by e-mail with its radicado.
      CREATE TABLE accounts_pqrs (
        id bigserial PRIMARY KEY,
        radicado text NOT NULL,
        brand text NOT NULL,
        kind text NOT NULL,
        name text NOT NULL,
        -- Lower-cased.
        email text NOT NULL,
        phone text,
        subject text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX accounts_pqrs_radicado ON accounts_pqrs (radicado);
      CREATE INDEX accounts_pqrs_email ON accounts_pqrs (email, created_at);

      -- One row per list, brand and address: 'pendiente' until the e-mail's link confirms it,
      -- 'confirmada', or 'cancelada' by the unsubscribe link. A new request after a cancellation
      -- starts a new generation, so an old confirmation link cannot confirm it again.
      CREATE TABLE accounts_newsletter (
        id bigserial PRIMARY KEY,
        list text NOT NULL,
        brand text NOT NULL,
        email text NOT NULL,
        status text NOT NULL,
        generation integer NOT NULL DEFAULT 1,
        requested_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        cancelled_at timestamptz
      );
      CREATE UNIQUE INDEX accounts_newsletter_address ON accounts_newsletter (list, brand, email);
      CREATE INDEX accounts_newsletter_pending ON accounts_newsletter (requested_at) WHERE status = 'pendiente';
    `,
  },
  {
    // The renewal offer of the subscriber banners (sales/offers.ts), data-export reports prepared
    // after the request and announced by e-mail, and a subscription's own shipping address.
    id: "accounts-010-offers-and-data-rights",
    sql: `
      -- An offer of the renewal price made to a reader by the customer-segment lookup, for one
      -- subscription and period: only an offer not used and not expired lets its price into a cart.
      CREATE TABLE accounts_renewal_offers (
        id bigserial PRIMARY KEY,
        user_uuid text NOT NULL REFERENCES accounts_users (uuid) ON DELETE CASCADE,
        subscription_id bigint NOT NULL,
        price_code text NOT NULL,
        period_end timestamptz NOT NULL,
        offered_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        order_number text
      );
      CREATE UNIQUE INDEX accounts_renewal_offers_period ON accounts_renewal_offers (subscription_id, price_code, period_end);
      CREATE INDEX accounts_renewal_offers_user ON accounts_renewal_offers (user_uuid);

      -- A report asked for is prepared after the answer (data NULL until ready_at), then e-mailed
      -- about in the brand it was asked on.
      ALTER TABLE accounts_gdpr_reports ALTER COLUMN data DROP NOT NULL;
      ALTER TABLE accounts_gdpr_reports ADD COLUMN ready_at timestamptz;
      ALTER TABLE accounts_gdpr_reports ADD COLUMN brand text;
      UPDATE accounts_gdpr_reports SET ready_at = requested_at;
      CREATE INDEX accounts_gdpr_reports_waiting ON accounts_gdpr_reports (requested_at) WHERE ready_at IS NULL;

      -- Where a subscription is delivered when it is not the billing address (NULL: the same).
      ALTER TABLE accounts_subscriptions ADD COLUMN shipping_address jsonb;
    `,
  },
  {
    // Social sign-in and Subscribe with Google (identity/social-sign-in.ts, sales/swg.ts;
    // docs/decisions/0025-social-sign-in.md).
    id: "accounts-011-social-sign-in",
    sql: `
      -- One row per visit to a provider (Google, Apple, Facebook): what binds its answer to the visit
      -- and to the browser that started it. Deleted when the visit signs the reader in; expired rows
      -- by the periodic clean-up.
      CREATE TABLE accounts_social_states (
        -- SHA-256 of the state sent to the provider.
        state_hash text PRIMARY KEY,
        provider text NOT NULL,
        -- PKCE (RFC 7636): the verifier whose S256 challenge went in the authorization request.
        code_verifier text NOT NULL,
        nonce text NOT NULL,
        redirect_uri text NOT NULL,
        -- SHA-256 of the httpOnly cookie set in the browser that started the visit.
        browser_hash text NOT NULL,
        -- Apple: SHA-256 of the code it posted back (the SDK's appleSignOn sends only the code), and
        -- the name it sends on the first sign-in only.
        code_hash text,
        apple_name jsonb,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX accounts_social_states_code ON accounts_social_states (code_hash) WHERE code_hash IS NOT NULL;
      CREATE INDEX accounts_social_states_expires ON accounts_social_states (expires_at);

      -- ID tokens posted without a visit (Sign in with Google): each signs in once, until it expires.
      CREATE TABLE accounts_social_used_tokens (
        token_hash text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX accounts_social_used_tokens_expires ON accounts_social_used_tokens (expires_at);

      -- A subscription bought through Subscribe with Google: SHA-256 of Google's subscription token.
      ALTER TABLE accounts_subscriptions ADD COLUMN swg_token_hash text;
      CREATE UNIQUE INDEX accounts_subscriptions_swg_token ON accounts_subscriptions (swg_token_hash) WHERE swg_token_hash IS NOT NULL;
    `,
  },
  {
    // The 3:00 p. m. cutoff of a delivery-address change (docs/decisions/0063-address-change-cutoff.md).
    id: "accounts-012-address-change-cutoff",
    sql: `
      -- A change of delivery address that waits for the next business day: where it will deliver
      -- (NULL: the billing address) and the instant it takes effect (NULL: nothing pending). Until
      -- then shipping_address keeps the address in force.
      ALTER TABLE accounts_subscriptions ADD COLUMN pending_shipping_address jsonb;
      ALTER TABLE accounts_subscriptions ADD COLUMN address_change_on timestamptz;
      CREATE INDEX accounts_subscriptions_address_change ON accounts_subscriptions (address_change_on) WHERE address_change_on IS NOT NULL;
    `,
  },
  {
    // Transfer to another person (sales/transfers.ts; docs/subscriptions-and-checkout.md#transfer):
    // the owner's request, which the operators review.
    id: "accounts-013-transfer-requests",
    sql: `
      -- One row per request: 'abierta' until an operator closes it as 'aprobada' or 'rechazada'. At
      -- most one open request per subscription. Deleted with the account that made it (it names a
      -- third person).
      CREATE TABLE accounts_transfer_requests (
        id bigserial PRIMARY KEY,
        request_number text NOT NULL,
        subscription_id bigint NOT NULL REFERENCES accounts_subscriptions (id),
        user_uuid text NOT NULL REFERENCES accounts_users (uuid) ON DELETE CASCADE,
        -- The brand it was asked on: its confirmation speaks for it.
        brand text NOT NULL,
        recipient_name text NOT NULL,
        -- Lower-cased.
        recipient_email text NOT NULL,
        status text NOT NULL DEFAULT 'abierta',
        created_at timestamptz NOT NULL,
        closed_at timestamptz
      );
      CREATE UNIQUE INDEX accounts_transfer_requests_number ON accounts_transfer_requests (request_number);
      CREATE UNIQUE INDEX accounts_transfer_requests_open ON accounts_transfer_requests (subscription_id) WHERE status = 'abierta';
      CREATE INDEX accounts_transfer_requests_user ON accounts_transfer_requests (user_uuid);
    `,
  },
];
