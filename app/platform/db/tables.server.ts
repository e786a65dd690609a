// Kysely's view of the database tables. Timestamps are ISO-8601 text and JSON documents are text,
// so the same migrations and queries serve SQLite and PostgreSQL.
import type { ColumnType, Generated, Kysely } from "kysely";

export interface ContentRevisionTable {
  id: Generated<number>;
  document: string;
  created_at: string;
  author: string | null;
}

export interface CaseStudyTable extends PublicationColumns {
  id: string;
  position: number;
  data: string;
  updated_at: string;
}

/** A page built from blocks: the same columns as a case study. */
export type PageTable = CaseStudyTable;

export interface ArticleTable extends PublicationColumns {
  id: string;
  position: number;
  data: string;
  published_at: string;
  updated_at: string;
}

/** Publishing: what articles and case studies share. */
export interface PublicationColumns {
  /** "draft" or "published"; a published row whose publish_at is ahead is scheduled. */
  status: Generated<string>;
  publish_at: string | null;
  version: Generated<number>;
}

export interface PublicationRevisionTable {
  id: Generated<number>;
  kind: string;
  item_id: string;
  version: number;
  status: string;
  publish_at: string | null;
  data: string;
  /** "save", "restore" or "delete". */
  action: string;
  author: string | null;
  created_at: string;
}

export interface PublicationRedirectTable {
  kind: string;
  old_id: string;
  new_id: string;
  created_at: string;
  hits: Generated<number>;
  last_hit_at: string | null;
}

/** A redirect rule the owner wrote: exact path or prefix, to a path or URL, or 410 Gone. */
export interface RedirectRuleTable {
  id: Generated<number>;
  source: string;
  match: string;
  target: string;
  status: number;
  /** 1: the visitor's query string is not passed on to the target. */
  drop_query: Generated<number>;
  hits: Generated<number>;
  last_hit_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One change to a redirect rule: the rule before and after, as JSON. */
export interface RedirectChangeTable {
  id: Generated<number>;
  created_at: string;
  author: string | null;
  action: string;
  rule_id: number | null;
  before: string | null;
  after: string | null;
}

/** How often a path answered 404 on one day. */
export interface MissingAddressTable {
  path: string;
  day: string;
  hits: number;
}

export interface AdminTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** "owner" or "editor" (platform/admin-roles.ts). */
  role: Generated<string>;
}

export interface AdminSessionTable {
  id_hash: string;
  admin_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The User-Agent header it was started with, at most 500 characters. */
  user_agent: ColumnType<string | null, string | null | undefined>;
  /** The client's IP address when it was started. */
  address: ColumnType<string | null, string | null | undefined>;
}

export interface RateLimitTable {
  key: string;
  /** When these hits came, in milliseconds since the epoch (rows older than the rule's window go). */
  window_start: number;
  count: number;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string;
  created_at: string;
  ip_hash: string;
  user_agent: ColumnType<string | null, string | null | undefined>;
  /** The form's one-time key: a second submit of the same form stores nothing new. */
  idempotency_key: string | null;
  /** The visit that brought it (platform/visits VisitAttribution as JSON); null: none known. */
  visit_attribution: ColumnType<string | null, string | null | undefined>;
  /** Why the spam guard held it (a TimingVerdict); null: it passed the guard. */
  spam_verdict: string | null;
  /** Where the owner has it: held messages start in spam. */
  state: Generated<ContactMessageState>;
  handled_at: string | null;
  /** Name, email, company and text folded for search (platform/search-text.ts). */
  search_text: Generated<string>;
}

export type ContactMessageState = "new" | "handled" | "spam";

/** A test email an admin asked for, by its outbox row. */
export interface MailTestTable {
  id: Generated<number>;
  mail_id: number;
  admin_id: number | null;
  created_at: string;
}

export interface NewsletterSubscriptionTable {
  id: Generated<number>;
  email: string;
  unsubscribe_token: string;
  created_at: string;
  ip_hash: string;
  user_agent: ColumnType<string | null, string | null | undefined>;
  /** Why the spam guard holds it apart (a TimingVerdict); null: a subscriber. */
  spam_verdict: string | null;
  /** Double opt-in: only "confirmed" addresses are sent newsletters. */
  state: Generated<SubscriptionState>;
  /** SHA-256 of the confirmation link's token; null once confirmed. */
  confirm_token_hash: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  /** The visit that brought the sign-up (VisitAttribution as JSON); null: none known. */
  visit_attribution: ColumnType<string | null, string | null | undefined>;
  /** When the address was found bouncing, and its mail server's last refusal; null: never. */
  bounced_at: ColumnType<string | null, string | null | undefined>;
  bounce_reply: ColumnType<string | null, string | null | undefined>;
}

/**
 * "pending": a confirmation email was sent; "unconfirmed": mail was not set up at sign-up, so no
 * confirmation could be sent; "confirmed": the address confirmed (or signed up before double
 * opt-in); "bounced": its mail server refused it for good on two issues, so it is sent no more.
 */
export type SubscriptionState = "pending" | "unconfirmed" | "confirmed" | "bounced";

export interface NewsletterTable {
  id: Generated<number>;
  subject: string;
  body_html: string;
  article_id: string | null;
  status: NewsletterStatus;
  author: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** When a scheduled issue leaves, and the admin who scheduled it; null: not scheduled. */
  scheduled_at: ColumnType<string | null, string | null | undefined>;
  scheduled_by: ColumnType<string | null, string | null | undefined>;
  /** A JSON array of the topics it goes to; null: every confirmed subscriber. */
  audience: ColumnType<string | null, string | null | undefined>;
}

/** A topic a subscriber chose: "news", or "service:" and a service's slug as it was then. */
export interface NewsletterSubscriptionTopicTable {
  subscription_id: number;
  topic: string;
}

export type NewsletterStatus = "draft" | "scheduled" | "sending" | "sent";

/** An issue's links in order: a copy's /r/ address names the link by its position. */
export interface NewsletterLinkTable {
  newsletter_id: number;
  position: number;
  url: string;
}

/** One copy of an issue: the random token its /r/ addresses carry, and whose copy it is. */
export interface NewsletterCopyTable {
  token: string;
  newsletter_id: number;
  subscriber_id: number;
}

/** A click on a copy's link; machine_reason "" when it passed the human checks. */
export interface NewsletterClickTable {
  id: Generated<number>;
  /** The click's day (site time zone): the visit figures' retention deletes by it. */
  day: string;
  clicked_at: string;
  newsletter_id: number;
  position: number;
  token: string;
  machine_reason: string;
}

/**
 * "handing-over": the end-of-data mark that makes the SMTP server take the mail may be on its way;
 * "in-doubt": the worker died (or lost its connection) in that state, so the mail may have arrived
 * and is not sent again (docs/decisions/010-mail-delivery-state.md).
 */
export type MailState =
  | "pending"
  | "sending"
  | "handing-over"
  | "sent"
  | "in-doubt"
  | "failed"
  /** A newsletter copy whose recipient unsubscribed (or was erased) before it was sent. */
  | "cancelled";

export interface MailOutboxTable {
  id: Generated<number>;
  contact_message_id: number | null;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body_text: string;
  state: MailState;
  attempts: Generated<number>;
  /** When the row is next due; while it is being sent, when its lease runs out. */
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** What the SMTP server answered: its acceptance, or its permanent refusal (refusal_code). */
  smtp_response: string | null;
  /** The server's 5xx code when it refused the recipient for good; null: no such refusal. */
  refusal_code: ColumnType<number | null, number | null | undefined>;
  /** The HTML part, when the mail has one (newsletters, confirmations). */
  body_html: string | null;
  /** A JSON object of extra header lines (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: string | null;
  /** The newsletter this row sends to one recipient. */
  newsletter_id: number | null;
  /** The display name before the sending address (a newsletter's is the firm's); null: none. */
  from_name: string | null;
}

export interface SiteSecretTable {
  name: string;
  value: string;
  created_at: string;
}

/** Failed sign-ins of one account: the lockout's counter. */
export interface LoginThrottleTable {
  /** A hash of the normalized email, so guesses at unknown emails are not stored in clear. */
  key: string;
  failures: number;
  first_failure_at: string;
  locked_until: string | null;
}

/** Resilience: the row /healthz rewrites to prove the database takes writes. */
export interface HealthCheckTable {
  name: string;
  checked_at: string;
}

/** Email + network pairs an admin signed in from: exempt from the per-email lock. */
export interface LoginKnownAddressTable {
  key: string;
  last_success_at: string;
}

/** The version of what public pages show, bumped by markDataChanged. */
export interface DataVersionTable {
  name: string;
  version: number;
  changed_at: string;
  /** The version before the current run of rule-only changes (-1: none). */
  rules_only_from: Generated<number>;
  /** The version the run's last rule change made; the run holds while it equals `version`. */
  rules_only_to: Generated<number>;
}

/** One admin action or sign-in attempt. */
export interface AdminActivityTable {
  id: Generated<number>;
  created_at: string;
  action: string;
  admin_id: number | null;
  admin_email: string | null;
  address: string;
  target: string | null;
  detail: string | null;
}

/** Media metadata: one row per uploaded image, keyed by its stored file name. */
export interface UploadedImageTable {
  /** The stored name (random hex and an extension): the image's address under /images/uploads. */
  name: string;
  /** The name it was uploaded under, cleaned for display; renameable. */
  original_name: string;
  /** Hex SHA-256 of the bytes: a second upload of the same file is found by it. */
  sha256: string;
  content_type: string;
  byte_size: number;
  width: number | null;
  height: number | null;
  alt: Generated<string>;
  /** Where the picture's subject is, 0..1 from the left and from the top: crops keep it. */
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  created_at: string;
  /** The stored original's row in image_blobs; null while its bytes were never found. */
  blob_sha256: string | null;
  /** The file as uploaded, before it was scaled down on arrival; null for uploads before that. */
  original_byte_size: number | null;
  original_width: number | null;
  original_height: number | null;
}

/**
 * One stored original, keyed by the SHA-256 of its bytes as stored (after the upload was
 * prepared), shared by every uploaded_images row with those bytes.
 */
export interface ImageBlobTable {
  sha256: string;
  bytes: Uint8Array;
  content_type: string;
  byte_size: number;
  width: number | null;
  height: number | null;
  created_at: string;
}

/** One site-wide setting (the site time zone), by name. */
export interface SiteSettingTable {
  name: string;
  value: string;
  updated_at: string;
}

/** A scheduled item that went live, recorded once (the key is the claim). */
export interface PublicationGoLiveTable {
  kind: string;
  item_id: string;
  publish_at: string;
  recorded_at: string;
}

// The links admin emails carry and the browsers each admin signed in from
export type AdminEmailLinkKind = "reset" | "invite";

export interface AdminEmailLinkTable {
  id: Generated<number>;
  kind: AdminEmailLinkKind;
  email: string;
  role: string | null;
  token_hash: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AdminKnownBrowserTable {
  admin_id: number;
  browser_hash: string;
  first_seen_at: string;
  last_seen_at: string;
}

// Two-factor sign-in (migration 0016)
/** An admin's TOTP authenticator; enabled_at is null while set-up waits for a first code. */
export interface AdminTotpTable {
  admin_id: number;
  secret: string;
  enabled_at: string | null;
  last_used_step: number | null;
  created_at: string;
}

/** One single-use recovery code, stored as a SHA-256 hash. */
export interface AdminRecoveryCodeTable {
  id: Generated<number>;
  admin_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** One registered passkey (a WebAuthn credential). */
export interface AdminPasskeyTable {
  id: string;
  admin_id: number;
  name: string;
  public_key: string;
  counter: number;
  transports: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** A sign-in between its steps, or a WebAuthn ceremony under way: 5 minutes at most. */
export interface AdminPendingSignInTable {
  token_hash: string;
  purpose: string;
  admin_id: number | null;
  challenge: string | null;
  expires_at: string;
  created_at: string;
}

/** The day's salt of the visitor hash: deleted once the day is over. */
export interface VisitSaltTable {
  day: string;
  salt: string;
}

/** Page views of one page by one daily visitor hash on one day (site time zone). */
export interface VisitPageViewTable {
  day: string;
  path: string;
  visitor: string;
  views: number;
}

/** A visitor's day on the site: where it began and came from; pages: its views. */
export interface VisitEntryTable {
  day: string;
  visitor: string;
  entry_path: string;
  referrer_host: string;
  /** utm_source, else ref, else the referrer host; "" for a direct visit. */
  source: string;
  utm_medium: string;
  utm_campaign: string;
  device: string;
  browser: string;
  pages: number;
}

/** Conversions (contact, newsletter, booking) per day, kind, landing page and source. */
export interface VisitConversionTable {
  day: string;
  kind: string;
  entry_path: string;
  source: string;
  conversions: number;
}

/** A day rolled up: its raw visit rows summed into the visit_day_* tables, its totals here. */
export interface VisitRolledDayTable {
  day: string;
  /** Visits (visitor-days) and page views of the day. */
  visits: number;
  views: number;
}

/** A rolled-up day's page views of one path, and its visitors (that day's visitor hashes). */
export interface VisitDayPageTable {
  day: string;
  path: string;
  views: number;
  visitors: number;
}

/**
 * A rolled-up day's visits by one value of a dimension: entry, referrer, source (a source's one
 * name), device, browser, campaign (value the campaign's label, detail "source / medium").
 */
export interface VisitDayVisitTable {
  dimension: string;
  day: string;
  value: string;
  detail: string;
  visits: number;
}

/** A rolled-up day's conversions, as visit_conversions with the source's one name. */
export type VisitDayConversionTable = VisitConversionTable;

/** Who a conversion was counted for today, so a repeated one counts once a visitor and day. */
export interface VisitConversionVisitorTable {
  day: string;
  kind: string;
  visitor: string;
}

export interface Tables {
  content_revisions: ContentRevisionTable;
  case_studies: CaseStudyTable;
  articles: ArticleTable;
  pages: PageTable;
  admins: AdminTable;
  admin_sessions: AdminSessionTable;
  rate_limits: RateLimitTable;
  // Leads
  contact_messages: ContactMessageTable;
  newsletter_subscriptions: NewsletterSubscriptionTable;
  mail_outbox: MailOutboxTable;
  newsletters: NewsletterTable;
  newsletter_links: NewsletterLinkTable;
  newsletter_copies: NewsletterCopyTable;
  newsletter_clicks: NewsletterClickTable;
  newsletter_subscription_topics: NewsletterSubscriptionTopicTable;
  mail_tests: MailTestTable;
  site_secrets: SiteSecretTable;
  login_throttles: LoginThrottleTable;
  // Publishing
  publication_revisions: PublicationRevisionTable;
  publication_redirects: PublicationRedirectTable;
  // Page cache invalidation
  data_versions: DataVersionTable;
  // Admin workspace
  admin_activity: AdminActivityTable;
  // Resilience
  health_checks: HealthCheckTable;
  login_known_addresses: LoginKnownAddressTable;
  // Media metadata
  uploaded_images: UploadedImageTable;
  image_blobs: ImageBlobTable;
  // The writer's desk
  site_settings: SiteSettingTable;
  publication_go_lives: PublicationGoLiveTable;
  // Admin email flows (part C)
  admin_email_links: AdminEmailLinkTable;
  admin_known_browsers: AdminKnownBrowserTable;
  // Two-factor sign-in
  admin_totp: AdminTotpTable;
  admin_recovery_codes: AdminRecoveryCodeTable;
  admin_passkeys: AdminPasskeyTable;
  admin_pending_sign_ins: AdminPendingSignInTable;
  // Redirects and missing addresses
  redirect_rules: RedirectRuleTable;
  redirect_changes: RedirectChangeTable;
  missing_addresses: MissingAddressTable;
  // Insights
  visit_salts: VisitSaltTable;
  visit_page_views: VisitPageViewTable;
  visit_entries: VisitEntryTable;
  visit_conversions: VisitConversionTable;
  visit_conversion_visitors: VisitConversionVisitorTable;
  visit_rolled_days: VisitRolledDayTable;
  visit_day_pages: VisitDayPageTable;
  visit_day_visits: VisitDayVisitTable;
  visit_day_conversions: VisitDayConversionTable;
}

export type Db = Kysely<Tables>;
