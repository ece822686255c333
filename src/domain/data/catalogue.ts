/**
 * The catalogue of sources a company can connect (data document, sections 2 and 3): categories in
 * the specification's order, real sources in each, their "Popular" badges, and the built-in field
 * sets of the five sources the specification mentions. Every other source gets the generic set.
 */
import type { RecordKind } from './unifiedModel';

export const CATALOGUE_CATEGORIES = [
  'Web Analytics',
  'CRM Systems',
  'E-commerce Platforms',
  'Payment Processing',
  'Productivity Tools',
  'Analytics & Growth',
  'Media & Content',
  'Cloud Storage',
  'Email Marketing',
  'Custom API',
  'Database Connections',
  'Import Data',
] as const;
export type CatalogueCategory = (typeof CATALOGUE_CATEGORIES)[number];

export const ALL_CATEGORIES_LABEL = 'All Categories';

export const CATALOGUE_BUTTON_LABELS = {
  connectApi: 'Connect API',
  connectData: 'Connect Data',
  /** A card's status once the company has a source of the entry; the button then adds another. */
  connected: '✓ Connected',
  addSource: 'Add source',
  /** Opens the one source of the entry, or the Connected tab when there are several. */
  settings: 'Settings',
  viewSources: 'View sources',
} as const;

export interface CatalogueSource {
  id: string;
  name: string;
  /** A short monogram shown on the card's tile. */
  icon: string;
  /** The tile's colour. */
  color: string;
  description: string;
  isPopular: boolean;
  /** Connected by importing a file ("Connect Data"), not with a key. */
  isImport: boolean;
  /** A custom integration (REST, GraphQL, Webhook) or the request for one. */
  isCustom: boolean;
  category: CatalogueCategory;
  /** What its records are, once mapped into the unified model. */
  recordKind: RecordKind;
}

type Entry = Omit<CatalogueSource, 'isPopular' | 'isImport' | 'isCustom' | 'recordKind'> &
  Partial<Pick<CatalogueSource, 'isPopular' | 'isImport' | 'isCustom' | 'recordKind'>>;

const entry = (source: Entry): CatalogueSource => ({
  isPopular: false,
  isImport: false,
  isCustom: false,
  recordKind: 'people',
  ...source,
});

export const CATALOGUE: readonly CatalogueSource[] = [
  entry({ id: 'google-analytics', name: 'Google Analytics', icon: 'GA', color: '#E37400', category: 'Web Analytics', description: 'Sessions, page views, traffic sources and conversions from GA4 properties.', isPopular: true, recordKind: 'events' }),
  entry({ id: 'adobe-analytics', name: 'Adobe Analytics', icon: 'AA', color: '#EB1000', category: 'Web Analytics', description: 'Report suite metrics and visitor behaviour.', recordKind: 'events' }),
  entry({ id: 'matomo', name: 'Matomo', icon: 'Ma', color: '#3152A0', category: 'Web Analytics', description: 'Privacy-friendly visits, actions and goals.', recordKind: 'events' }),

  entry({ id: 'salesforce', name: 'Salesforce', icon: 'SF', color: '#00A1E0', category: 'CRM Systems', description: 'Accounts, contacts, leads and opportunities.', isPopular: true }),
  entry({ id: 'hubspot', name: 'HubSpot', icon: 'HS', color: '#FF7A59', category: 'CRM Systems', description: 'Contacts, companies, deals and lifecycle stages.', isPopular: true }),
  entry({ id: 'pipedrive', name: 'Pipedrive', icon: 'PD', color: '#1A1A1A', category: 'CRM Systems', description: 'People, organisations and deals from your pipeline.' }),

  entry({ id: 'shopify', name: 'Shopify', icon: 'Sh', color: '#5E8E3E', category: 'E-commerce Platforms', description: 'Customers, orders and products of your store.', isPopular: true }),
  entry({ id: 'woocommerce', name: 'WooCommerce', icon: 'Wo', color: '#7F54B3', category: 'E-commerce Platforms', description: 'Orders, customers and products from WordPress stores.' }),
  entry({ id: 'bigcommerce', name: 'BigCommerce', icon: 'BC', color: '#121118', category: 'E-commerce Platforms', description: 'Catalogue, customers and orders.' }),

  entry({ id: 'stripe', name: 'Stripe', icon: 'St', color: '#635BFF', category: 'Payment Processing', description: 'Customers, charges, subscriptions and invoices.', isPopular: true, recordKind: 'events' }),
  entry({ id: 'paypal', name: 'PayPal', icon: 'PP', color: '#003087', category: 'Payment Processing', description: 'Transactions and payer details.', recordKind: 'events' }),
  entry({ id: 'square', name: 'Square', icon: 'Sq', color: '#3E4348', category: 'Payment Processing', description: 'Payments, customers and point-of-sale orders.', recordKind: 'events' }),

  entry({ id: 'calendly', name: 'Calendly', icon: 'Ca', color: '#006BFF', category: 'Productivity Tools', description: 'Scheduled meetings, invitees and event types.', recordKind: 'events' }),
  entry({ id: 'notion', name: 'Notion', icon: 'No', color: '#191919', category: 'Productivity Tools', description: 'Rows of Notion databases.' }),
  entry({ id: 'airtable', name: 'Airtable', icon: 'At', color: '#18BFFF', category: 'Productivity Tools', description: 'Records of Airtable bases.' }),

  entry({ id: 'segment', name: 'Segment', icon: 'Se', color: '#52BD94', category: 'Analytics & Growth', description: 'Track, identify and page calls from your customer data platform.', isPopular: true, recordKind: 'events' }),
  entry({ id: 'mixpanel', name: 'Mixpanel', icon: 'Mx', color: '#7856FF', category: 'Analytics & Growth', description: 'Product events and user profiles.', recordKind: 'events' }),
  entry({ id: 'amplitude', name: 'Amplitude', icon: 'Am', color: '#1E61F0', category: 'Analytics & Growth', description: 'Behavioural events and cohorts.', recordKind: 'events' }),

  entry({ id: 'youtube', name: 'YouTube', icon: 'YT', color: '#FF0000', category: 'Media & Content', description: 'Channel videos and viewing statistics.', recordKind: 'items' }),
  entry({ id: 'wordpress', name: 'WordPress', icon: 'WP', color: '#21759B', category: 'Media & Content', description: 'Posts and pages of your site as a content catalogue.', recordKind: 'items' }),
  entry({ id: 'contentful', name: 'Contentful', icon: 'Cf', color: '#2478CC', category: 'Media & Content', description: 'Entries of your content models.', recordKind: 'items' }),

  entry({ id: 'amazon-s3', name: 'Amazon S3', icon: 'S3', color: '#569A31', category: 'Cloud Storage', description: 'CSV and JSON objects from an S3-compatible bucket.' }),
  entry({ id: 'google-drive', name: 'Google Drive', icon: 'GD', color: '#1FA463', category: 'Cloud Storage', description: 'Spreadsheets and CSV files in a shared folder.', recordKind: 'items' }),
  entry({ id: 'dropbox', name: 'Dropbox', icon: 'Db', color: '#0061FF', category: 'Cloud Storage', description: 'CSV and JSON files in a Dropbox folder.', recordKind: 'items' }),

  entry({ id: 'mailchimp', name: 'Mailchimp', icon: 'MC', color: '#FFE01B', category: 'Email Marketing', description: 'Audiences, members and campaign activity.', isPopular: true }),
  entry({ id: 'klaviyo', name: 'Klaviyo', icon: 'Kl', color: '#232426', category: 'Email Marketing', description: 'Profiles, lists and e-mail events.' }),
  entry({ id: 'sendgrid', name: 'SendGrid', icon: 'SG', color: '#1A82E2', category: 'Email Marketing', description: 'Contacts and e-mail engagement.', recordKind: 'events' }),

  entry({ id: 'rest-api', name: 'REST API', icon: '{}', color: '#455A64', category: 'Custom API', description: 'Pull records from any JSON REST endpoint.', isCustom: true }),
  entry({ id: 'graphql', name: 'GraphQL', icon: 'GQ', color: '#E10098', category: 'Custom API', description: 'Pull records with a GraphQL query.', isCustom: true }),
  entry({ id: 'webhook', name: 'Webhook', icon: 'Wh', color: '#00897B', category: 'Custom API', description: 'Receive records pushed to your own ingestion URL.', isCustom: true, recordKind: 'events' }),
  entry({ id: 'request-custom-api', name: 'Request Custom API', icon: '+', color: '#6D4C41', category: 'Custom API', description: 'Ask us to build a connector for a service you use.', isCustom: true }),

  entry({ id: 'postgresql', name: 'PostgreSQL', icon: 'Pg', color: '#336791', category: 'Database Connections', description: 'Rows of a read-only SELECT on your PostgreSQL database.', isPopular: true }),
  entry({ id: 'mysql', name: 'MySQL', icon: 'My', color: '#00758F', category: 'Database Connections', description: 'Rows of a read-only SELECT on your MySQL or MariaDB database.' }),

  entry({ id: 'csv-upload', name: 'CSV Upload', icon: 'CSV', color: '#2E7D32', category: 'Import Data', description: 'Import a comma-, semicolon- or tab-separated file.', isImport: true, isPopular: true }),
  entry({ id: 'excel-upload', name: 'Excel Upload', icon: 'XLS', color: '#1D6F42', category: 'Import Data', description: 'Import the first sheet of an .xlsx or .xls workbook.', isImport: true }),
  entry({ id: 'json-upload', name: 'JSON Upload', icon: 'JS', color: '#F9A825', category: 'Import Data', description: 'Import an array of records or a single record.', isImport: true }),
];

/** The custom-request entry opens the request dialog instead of connecting anything. */
export const REQUEST_CUSTOM_API_ID = 'request-custom-api';

export function catalogueSource(id: string): CatalogueSource | undefined {
  return CATALOGUE.find((source) => source.id === id);
}

export function sourcesIn(category: CatalogueCategory | typeof ALL_CATEGORIES_LABEL): CatalogueSource[] {
  return CATALOGUE.filter((source) => category === ALL_CATEGORIES_LABEL || source.category === category);
}

/** A field a source provides: a metric is counted or summed, a dimension groups or filters. */
export interface SourceFieldDefinition {
  id: string;
  name: string;
  type: 'metric' | 'dimension';
  description: string;
  /** The unified field it maps to by default. */
  unifiedField?: string;
}

const f = (name: string, type: 'metric' | 'dimension', description: string, unifiedField?: string): SourceFieldDefinition => ({
  id: name,
  name,
  type,
  description,
  ...(unifiedField ? { unifiedField } : {}),
});

/**
 * The built-in field sets: web analytics, CRM, payment processor, scheduling tool, customer data
 * platform, and the vendor connectors that read a fixed set (e-commerce, content, e-mail marketing).
 */
export const BUILT_IN_FIELD_SETS: Record<string, readonly SourceFieldDefinition[]> = {
  'google-analytics': [
    f('client_id', 'dimension', 'Pseudonymous browser id.', 'anonymous_id'),
    f('user_id', 'dimension', 'Signed-in user id sent with the hit.', 'user_id'),
    f('event_name', 'dimension', 'GA4 event name (page_view, purchase…).', 'event_type'),
    f('event_timestamp', 'dimension', 'When the event happened.', 'event_time'),
    f('page_location', 'dimension', 'Full page URL.', 'page_url'),
    f('device_category', 'dimension', 'desktop, mobile or tablet.', 'device_type'),
    f('session_source', 'dimension', 'Traffic source of the session.', 'source'),
    f('session_medium', 'dimension', 'Traffic medium of the session.', 'medium'),
    f('session_campaign', 'dimension', 'Campaign of the session.', 'campaign'),
    f('sessions', 'metric', 'Number of sessions.'),
    f('page_views', 'metric', 'Number of page views.'),
    f('engagement_time', 'metric', 'Engaged time in seconds.'),
    f('purchase_revenue', 'metric', 'Revenue of purchase events.', 'revenue'),
    f('row_key', 'dimension', 'A hash of the row\'s dimensions: a re-read row updates instead of duplicating.'),
  ],
  salesforce: [
    f('contact_id', 'dimension', 'Salesforce contact id.', 'user_id'),
    f('email', 'dimension', 'Contact e-mail.', 'email'),
    f('full_name', 'dimension', 'Contact name.', 'name'),
    f('phone', 'dimension', 'Contact phone.', 'phone'),
    f('account_name', 'dimension', 'The account the contact belongs to.', 'account'),
    f('lead_source', 'dimension', 'Where the lead came from.', 'source'),
    f('mailing_city', 'dimension', 'Mailing city.', 'location'),
    f('created_date', 'dimension', 'When the contact was created.', 'created_at'),
    f('has_opted_out_of_email', 'dimension', 'E-mail opt-out flag.'),
    f('opportunity_amount', 'metric', 'Open opportunity amount.'),
    f('lifetime_value', 'metric', 'Closed-won amount to date.', 'ltv'),
  ],
  hubspot: [
    f('contact_id', 'dimension', 'HubSpot contact id.', 'user_id'),
    f('email', 'dimension', 'Contact e-mail.', 'email'),
    f('name', 'dimension', 'First and last name.', 'name'),
    f('phone', 'dimension', 'Contact phone.', 'phone'),
    f('company', 'dimension', 'Company name on the contact.', 'account'),
    f('lifecycle_stage', 'dimension', 'subscriber, lead, marketingqualifiedlead, salesqualifiedlead, opportunity, customer…'),
    f('lead_status', 'dimension', 'Lead status (hs_lead_status).'),
    f('city', 'dimension', 'City.', 'location'),
    f('country', 'dimension', 'Country or region.'),
    f('created_at', 'dimension', 'When the contact was created.', 'created_at'),
    f('updated_at', 'dimension', 'When the contact last changed.'),
  ],
  stripe: [
    f('customer', 'dimension', 'Stripe customer id.', 'user_id'),
    f('customer_email', 'dimension', 'Customer e-mail.', 'email'),
    f('charge_id', 'dimension', 'Charge or payment intent id.', 'order_id'),
    f('type', 'dimension', 'charge.succeeded, invoice.paid…', 'event_type'),
    f('created', 'dimension', 'When the payment was created.', 'event_time'),
    f('amount', 'metric', 'Amount in the currency.', 'revenue'),
    f('currency', 'dimension', 'Three-letter currency code.', 'currency'),
    f('subscription_status', 'dimension', 'Status of the subscription.', 'subscription_status'),
    f('amount_refunded', 'metric', 'Refunded amount.'),
  ],
  calendly: [
    f('invitee_email', 'dimension', 'E-mail of the invitee.', 'email'),
    f('invitee_name', 'dimension', 'Name of the invitee.'),
    f('event_type_name', 'dimension', 'The kind of meeting booked.', 'event_type'),
    f('start_time', 'dimension', 'When the meeting starts.', 'event_time'),
    f('status', 'dimension', 'active or canceled.'),
    f('utm_source', 'dimension', 'Tracking source of the booking.', 'source'),
    f('utm_campaign', 'dimension', 'Tracking campaign of the booking.', 'campaign'),
    f('duration_minutes', 'metric', 'Length of the meeting.'),
    f('invitee_id', 'dimension', 'The invitee\'s id: an e-mail may book several meetings.'),
  ],
  shopify: [
  { id: 'id', name: 'id', type: 'dimension', description: 'Shopify customer id.', unifiedField: 'user_id' },
  { id: 'email', name: 'email', type: 'dimension', description: 'Customer e-mail.', unifiedField: 'email' },
  { id: 'name', name: 'name', type: 'dimension', description: 'First and last name.', unifiedField: 'name' },
  { id: 'phone', name: 'phone', type: 'dimension', description: 'Customer phone.', unifiedField: 'phone' },
  { id: 'city', name: 'city', type: 'dimension', description: 'City of the default address.', unifiedField: 'location' },
  { id: 'country', name: 'country', type: 'dimension', description: 'Country of the default address.' },
  { id: 'created_at', name: 'created_at', type: 'dimension', description: 'When the customer was created.', unifiedField: 'created_at' },
  { id: 'updated_at', name: 'updated_at', type: 'dimension', description: 'When the customer last changed.' },
  { id: 'state', name: 'state', type: 'dimension', description: 'Account state: enabled, disabled, invited or declined.' },
  { id: 'tags', name: 'tags', type: 'dimension', description: 'Tags of the customer, comma separated.' },
  { id: 'currency', name: 'currency', type: 'dimension', description: 'Currency of the amounts.', unifiedField: 'currency' },
  { id: 'accepts_marketing', name: 'accepts_marketing', type: 'dimension', description: 'Subscribed to e-mail marketing.', unifiedField: 'marketing_opt_in' },
  { id: 'orders_count', name: 'orders_count', type: 'metric', description: 'Orders placed.' },
  { id: 'ltv', name: 'ltv', type: 'metric', description: 'Total spent by the customer (total_spent).', unifiedField: 'ltv' },
  ],
  wordpress: [
  { id: 'item_id', name: 'item_id', type: 'dimension', description: 'WordPress post id.', unifiedField: 'item_id' },
  { id: 'title', name: 'title', type: 'dimension', description: 'Title of the post, as text.', unifiedField: 'title' },
  { id: 'excerpt', name: 'excerpt', type: 'dimension', description: 'Excerpt of the post, as text.', unifiedField: 'description' },
  { id: 'link', name: 'link', type: 'dimension', description: 'Address of the post.' },
  { id: 'slug', name: 'slug', type: 'dimension', description: 'URL slug of the post.' },
  { id: 'status', name: 'status', type: 'dimension', description: 'publish, draft, private…' },
  { id: 'categories', name: 'categories', type: 'dimension', description: 'Category ids, comma separated.', unifiedField: 'category' },
  { id: 'tags', name: 'tags', type: 'dimension', description: 'Tag ids, comma separated.', unifiedField: 'tags' },
  { id: 'author', name: 'author', type: 'dimension', description: 'Author user id.' },
  { id: 'date', name: 'date', type: 'dimension', description: 'When the post was published (site time).', unifiedField: 'created_at' },
  { id: 'modified', name: 'modified', type: 'dimension', description: 'When the post last changed (site time).' },
  ],
  mailchimp: [
  { id: 'id', name: 'id', type: 'dimension', description: 'Mailchimp member id (hash of the lower-cased e-mail).' },
  { id: 'email', name: 'email', type: 'dimension', description: 'Member e-mail.', unifiedField: 'email' },
  { id: 'name', name: 'name', type: 'dimension', description: 'Full name, or first and last name merge fields.', unifiedField: 'name' },
  { id: 'status', name: 'status', type: 'dimension', description: 'subscribed, unsubscribed, cleaned, pending or transactional.' },
  { id: 'marketing_opt_in', name: 'marketing_opt_in', type: 'dimension', description: 'Whether the member is subscribed.', unifiedField: 'marketing_opt_in' },
  { id: 'created_at', name: 'created_at', type: 'dimension', description: 'When the member opted in.', unifiedField: 'created_at' },
  { id: 'updated_at', name: 'updated_at', type: 'dimension', description: 'When the member last changed.' },
  { id: 'avg_open_rate', name: 'avg_open_rate', type: 'metric', description: 'Average open rate of the campaigns sent to the member.' },
  { id: 'avg_click_rate', name: 'avg_click_rate', type: 'metric', description: 'Average click rate of the campaigns sent to the member.' },
  ],
  // commerce
  pipedrive: [
    f('person_id', 'dimension', 'Pipedrive person id.', 'user_id'),
    f('name', 'dimension', 'Person name.', 'name'),
    f('email', 'dimension', 'Primary e-mail.', 'email'),
    f('phone', 'dimension', 'Primary phone.', 'phone'),
    f('organization_id', 'dimension', 'Id of the organization the person belongs to.'),
    f('owner_id', 'dimension', 'Id of the user who owns the person.'),
    f('created_at', 'dimension', 'When the person was added.', 'created_at'),
    f('updated_at', 'dimension', 'When the person last changed.'),
  ],
  square: [
    f('payment_id', 'dimension', 'Square payment id.', 'order_id'),
    f('customer_id', 'dimension', 'Square customer id.', 'user_id'),
    f('email', 'dimension', 'Buyer e-mail.', 'email'),
    f('order_id', 'dimension', 'Square order the payment is for.'),
    f('status', 'dimension', 'APPROVED, PENDING, COMPLETED, CANCELED or FAILED.', 'event_type'),
    f('source_type', 'dimension', 'CARD, CASH, WALLET, BANK_ACCOUNT…'),
    f('location_id', 'dimension', 'Location that took the payment.'),
    f('created_at', 'dimension', 'When the payment was created.', 'event_time'),
    f('updated_at', 'dimension', 'When the payment last changed.'),
    f('amount', 'metric', 'Total in the currency (tip included).', 'revenue'),
    f('currency', 'dimension', 'Three-letter currency code.', 'currency'),
    f('amount_refunded', 'metric', 'Refunded amount.'),
  ],
  woocommerce: [
    f('order_id', 'dimension', 'WooCommerce order id.', 'order_id'),
    f('order_number', 'dimension', 'Order number shown to the customer.'),
    f('customer_id', 'dimension', 'Customer user id (0 for a guest).', 'user_id'),
    f('email', 'dimension', 'Billing e-mail.', 'email'),
    f('name', 'dimension', 'Billing first and last name.', 'name'),
    f('city', 'dimension', 'Billing city.', 'location'),
    f('country', 'dimension', 'Billing country code.'),
    f('status', 'dimension', 'pending, processing, on-hold, completed, cancelled, refunded or failed.', 'event_type'),
    f('currency', 'dimension', 'Currency of the order.', 'currency'),
    f('total', 'metric', 'Grand total of the order.', 'revenue'),
    f('payment_method', 'dimension', 'Payment method id.'),
    f('created_at', 'dimension', 'When the order was placed (GMT).', 'event_time'),
    f('updated_at', 'dimension', 'When the order last changed (GMT).'),
  ],
  bigcommerce: [
    f('customer_id', 'dimension', 'BigCommerce customer id.', 'user_id'),
    f('email', 'dimension', 'Customer e-mail.', 'email'),
    f('name', 'dimension', 'First and last name.', 'name'),
    f('phone', 'dimension', 'Customer phone.', 'phone'),
    f('company', 'dimension', 'Company name.', 'account'),
    f('customer_group_id', 'dimension', 'Customer group id.'),
    f('created_at', 'dimension', 'When the customer was created.', 'created_at'),
    f('updated_at', 'dimension', 'When the customer last changed.'),
  ],
  paypal: [
    f('transaction_id', 'dimension', 'PayPal transaction id.', 'order_id'),
    f('payer_id', 'dimension', 'PayPal account id of the payer.', 'user_id'),
    f('payer_email', 'dimension', 'Payer e-mail.', 'email'),
    f('payer_name', 'dimension', 'Payer name.', 'name'),
    f('event_code', 'dimension', 'Transaction event code (T0006: checkout payment, T1107: refund…).', 'event_type'),
    f('status', 'dimension', 'S (success), P (pending), V (reversed), D (denied).'),
    f('initiated_at', 'dimension', 'When the transaction started.', 'event_time'),
    f('updated_at', 'dimension', 'When the transaction last changed.'),
    f('amount', 'metric', 'Amount in the currency, negative for money sent.', 'revenue'),
    f('currency', 'dimension', 'Three-letter currency code.', 'currency'),
    f('fee', 'metric', 'PayPal fee, negative.'),
    f('invoice_id', 'dimension', 'Invoice id sent with the payment.'),
  ],
  // content: Klaviyo, SendGrid, Contentful
  // content: Klaviyo, SendGrid, Contentful, Google Drive
  // content: Klaviyo, SendGrid, Contentful, Google Drive, Dropbox
  // content: Klaviyo, SendGrid, Contentful, Google Drive, Dropbox, YouTube
  klaviyo: [
    f('profile_id', 'dimension', 'Klaviyo profile id.', 'user_id'),
    f('email', 'dimension', 'Profile e-mail.', 'email'),
    f('phone', 'dimension', 'Phone number (E.164).', 'phone'),
    f('name', 'dimension', 'First and last name.', 'name'),
    f('organization', 'dimension', 'Company or organization.', 'account'),
    f('city', 'dimension', 'City of the profile.', 'location'),
    f('country', 'dimension', 'Country of the profile.'),
    f('external_id', 'dimension', 'Your own id for the profile, when set.'),
    f('created_at', 'dimension', 'When the profile was created.', 'created_at'),
    f('updated_at', 'dimension', 'When the profile last changed.'),
  ],
  sendgrid: [
    f('email', 'dimension', 'The address that bounced.', 'email'),
    f('event', 'dimension', 'Always bounce.', 'event_type'),
    f('bounced_at', 'dimension', 'When the address bounced.', 'event_time'),
    f('reason', 'dimension', "The receiving server's answer."),
    f('status', 'dimension', 'Enhanced SMTP status code (5.1.1…).'),
  ],
  contentful: [
    f('entry_id', 'dimension', 'Contentful entry id.', 'item_id'),
    f('title', 'dimension', 'The title, name or slug field of the entry.', 'title'),
    f('content_type', 'dimension', 'The content model of the entry.', 'category'),
    f('locale', 'dimension', 'Locale of the delivered fields.'),
    f('revision', 'metric', 'Published revision of the entry.'),
    f('created_at', 'dimension', 'When the entry was created.', 'created_at'),
    f('updated_at', 'dimension', 'When the entry was last published.'),
    f('fields', 'dimension', 'Every field of the entry, as JSON.'),
  ],
  'google-drive': [
    f('file_id', 'dimension', 'Google Drive file id.', 'item_id'),
    f('name', 'dimension', 'File name.', 'title'),
    f('mime_type', 'dimension', 'File type (text/csv, application/vnd.google-apps.spreadsheet…).', 'category'),
    f('size', 'metric', 'Size in bytes (none for Google Docs, Sheets and Slides).'),
    f('md5_checksum', 'dimension', 'MD5 of the content, for uploaded files.'),
    f('owner_email', 'dimension', "The owner's e-mail address."),
    f('web_view_link', 'dimension', 'Link to open the file.'),
    f('created_at', 'dimension', 'When the file was created.', 'created_at'),
    f('updated_at', 'dimension', 'When the file last changed.'),
  ],
  dropbox: [
    f('file_id', 'dimension', 'Dropbox file id (id:…).', 'item_id'),
    f('name', 'dimension', 'File or folder name.', 'title'),
    f('kind', 'dimension', 'file or folder.', 'category'),
    f('path', 'dimension', 'Path in the Dropbox, as displayed.'),
    f('size', 'metric', 'Size in bytes.'),
    f('content_hash', 'dimension', "Dropbox's content hash, to tell whether the content changed."),
    f('client_modified', 'dimension', 'When the file was last changed on the uploading device.'),
    f('updated_at', 'dimension', 'When the file last changed in Dropbox.'),
  ],
  youtube: [
    f('video_id', 'dimension', 'YouTube video id.', 'item_id'),
    f('title', 'dimension', 'Video title.', 'title'),
    f('description', 'dimension', 'Video description.', 'description'),
    f('channel_title', 'dimension', 'The channel the video belongs to.'),
    f('thumbnail_url', 'dimension', 'Thumbnail image URL.'),
    f('published_at', 'dimension', 'When the video was published.', 'created_at'),
  ],
  segment: [
    f('userId', 'dimension', 'Your user id.', 'user_id'),
    f('anonymousId', 'dimension', 'Segment anonymous id.', 'anonymous_id'),
    f('event', 'dimension', 'Track event name.', 'event_type'),
    f('timestamp', 'dimension', 'When the call happened.', 'event_time'),
    f('context_page_url', 'dimension', 'Page URL of the call.', 'page_url'),
    f('context_device_type', 'dimension', 'Device type.', 'device_type'),
    f('context_campaign_source', 'dimension', 'Campaign source.', 'source'),
    f('context_campaign_name', 'dimension', 'Campaign name.', 'campaign'),
    f('properties_revenue', 'metric', 'Revenue property of the event.', 'revenue'),
    f('properties_product_id', 'dimension', 'Product the event concerns.', 'item_id'),
  ],
  // analytics
  notion: [
    f('id', 'dimension', 'Notion page id (a row of the database).'),
    f('url', 'dimension', 'Address of the page.'),
    f('created_at', 'dimension', 'When the page was created.'),
    f('updated_at', 'dimension', 'When the page last changed (to the minute).'),
    f('created_by', 'dimension', 'Id of the user who created the page.'),
    f('archived', 'dimension', 'Whether the page is archived or in the trash.'),
    f('properties', 'dimension', 'The database columns, each as Notion answers it (by its type).'),
  ],
  airtable: [
    f('id', 'dimension', 'Airtable record id (rec…).'),
    f('created_at', 'dimension', 'When the record was created.'),
    f('fields', 'dimension', 'The table fields by name, as Airtable answers them (empty ones are left out).'),
  ],
  matomo: [
    f('visit_id', 'dimension', 'Matomo visit id (idVisit).', 'session_id'),
    f('visitor_id', 'dimension', 'Matomo visitor id (a hash kept in a cookie).', 'anonymous_id'),
    f('user_id', 'dimension', 'The user id set by the site, when signed in.', 'user_id'),
    f('event_type', 'dimension', 'Always visit.', 'event_type'),
    f('first_action_at', 'dimension', 'When the visit began.'),
    f('last_action_at', 'dimension', 'When the visit last did something.', 'event_time'),
    f('entry_page_url', 'dimension', 'The first page of the visit.', 'page_url'),
    f('referrer_type', 'dimension', 'direct, search, website, campaign or social.', 'medium'),
    f('referrer_name', 'dimension', 'The search engine, site or campaign the visit came from.', 'source'),
    f('campaign', 'dimension', 'Campaign name.', 'campaign'),
    f('device_type', 'dimension', 'Desktop, Smartphone, Tablet…', 'device_type'),
    f('country', 'dimension', 'Country of the visit.'),
    f('city', 'dimension', 'City of the visit.'),
    f('visit_duration', 'metric', 'Length of the visit in seconds.'),
    f('actions', 'metric', 'Actions (page views, downloads, events…) in the visit.'),
    f('goal_conversions', 'metric', 'Goals converted in the visit.'),
    f('revenue', 'metric', 'E-commerce revenue of the visit.', 'revenue'),
  ],
  mixpanel: [
    f('event_id', 'dimension', 'The event\'s $insert_id (or its name, distinct_id and time): an event read again replaces itself.'),
    f('event', 'dimension', 'Event name.', 'event_type'),
    f('time', 'dimension', 'When the event happened.', 'event_time'),
    f('distinct_id', 'dimension', 'Mixpanel distinct_id: the user the event belongs to.', 'user_id'),
    f('device_id', 'dimension', 'Device id set by the SDK before sign-in.', 'anonymous_id'),
    f('current_url', 'dimension', 'Page URL of a web event.', 'page_url'),
    f('referrer', 'dimension', 'Referring page.', 'referrer'),
    f('utm_source', 'dimension', 'Campaign source.', 'source'),
    f('utm_medium', 'dimension', 'Campaign medium.', 'medium'),
    f('utm_campaign', 'dimension', 'Campaign name.', 'campaign'),
    f('browser', 'dimension', 'Browser.'),
    f('os', 'dimension', 'Operating system.'),
    f('city', 'dimension', 'City, from the IP address.', 'location'),
    f('country', 'dimension', 'Two-letter country code, from the IP address.'),
    f('properties', 'dimension', 'Every property of the event, as JSON.'),
  ],
  amplitude: [
    f('event_id', 'dimension', "The event's uuid: an event read again replaces itself."),
    f('event_type', 'dimension', 'Event name.', 'event_type'),
    f('event_time', 'dimension', 'When the event happened (UTC).', 'event_time'),
    f('user_id', 'dimension', 'Your user id, when set.', 'user_id'),
    f('device_id', 'dimension', 'Device id.', 'anonymous_id'),
    f('session_id', 'dimension', 'Session start in milliseconds since 1970 (-1 outside a session).', 'session_id'),
    f('platform', 'dimension', 'Web, iOS, Android…'),
    f('os_name', 'dimension', 'Operating system or browser.'),
    f('device_type', 'dimension', 'Device model or type (Apple iPhone, Windows…).'),
    f('country', 'dimension', 'Country, from the IP address.'),
    f('city', 'dimension', 'City, from the IP address.', 'location'),
    f('event_properties', 'dimension', 'The properties of the event, as JSON.'),
    f('user_properties', 'dimension', "The user's properties when the event happened, as JSON."),
    f('uploaded_at', 'dimension', 'When Amplitude received the event (UTC).'),
  ],
  'adobe-analytics': [
    f('day', 'dimension', "The day, in the report suite's time zone.", 'event_time'),
    f('label', 'dimension', 'The day as Adobe writes it (Mar 14, 2026).'),
    f('page_views', 'metric', 'Page views that day.'),
    f('visits', 'metric', 'Visits that day.'),
    f('visitors', 'metric', 'Unique visitors that day.'),
  ],
};

export const GENERIC_FIELD_SET: readonly SourceFieldDefinition[] = [
  f('id', 'dimension', 'The record id in the source.'),
  f('name', 'dimension', 'The record name.'),
  f('created_at', 'dimension', 'When the record was created.'),
  f('updated_at', 'dimension', 'When the record last changed.'),
];

export function fieldSetOf(catalogueId: string): readonly SourceFieldDefinition[] {
  return BUILT_IN_FIELD_SETS[catalogueId] ?? GENERIC_FIELD_SET;
}

/** A catalogue source's fields mapped to their built-in unified fields. */
export function builtInMapping(catalogueId: string): Record<string, string> {
  return Object.fromEntries(fieldSetOf(catalogueId).flatMap((field) => (field.unifiedField ? [[field.name, field.unifiedField]] : [])));
}

/** "Google Analytics" + "page_views" → "google_analytics_page_views" (data document, section 3). */
export function internalFieldName(sourceName: string, fieldName: string): string {
  return `${sourceName}_${fieldName}`.toLowerCase().replace(/\s+/g, '_');
}
