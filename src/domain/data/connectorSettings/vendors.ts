/** Settings of the vendor connectors: each calls the vendor's documented REST API with the customer's key. */
import type { ConnectorDefinition, ConnectorSetting } from '../connectors';

type Hints = Pick<ConnectorSetting, 'placeholder' | 'help'>;

/** A key, token or password: masked as typed and stored as a secret. */
const secretKey = (name: string, label: string, required: boolean, hints: Hints = {}): ConnectorSetting => ({
  name,
  label,
  input: 'password',
  required,
  secret: true,
  ...hints,
});

/** Instead of the app's credentials: a short-lived OAuth token. */
const orAccessToken = (help: string) => secretKey('accessToken', 'Or an access token', false, { help });

/** The address of the vendor's API: each vendor gives its default, or says what an empty one means. */
const apiBaseUrl = (hints: Hints & Pick<ConnectorSetting, 'defaultValue'>): ConnectorSetting => ({
  name: 'baseUrl',
  label: 'API base URL',
  input: 'url',
  required: false,
  ...hints,
});

export const VENDOR_CONNECTORS: readonly ConnectorDefinition[] = [
  {
    catalogueId: 'google-analytics',
    kind: 'vendor',
    documentation: 'https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport',
    settings: [
      { name: 'propertyId', label: 'GA4 property id', input: 'text', required: true, placeholder: '123456789', help: 'Admin > Property details.' },
      {
        name: 'serviceAccountKey',
        label: 'Service account key (JSON)',
        input: 'textarea',
        required: false,
        secret: true,
        help: 'The JSON key of a service account added as Viewer to the property. Keeps scheduled syncs working.',
      },
      orAccessToken('An OAuth token with the analytics.readonly scope (expires within the hour).'),
      { name: 'startDate', label: 'First sync from', input: 'text', required: false, defaultValue: '30daysAgo', help: 'A date (2024-01-31) or NdaysAgo.' },
      apiBaseUrl({ defaultValue: 'https://analyticsdata.googleapis.com' }),
    ],
  },
  {
    catalogueId: 'salesforce',
    kind: 'vendor',
    documentation: 'https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm',
    settings: [
      { name: 'instanceUrl', label: 'Instance URL', input: 'url', required: true, placeholder: 'https://yourcompany.my.salesforce.com' },
      { name: 'clientId', label: 'Connected app consumer key', input: 'text', required: false, help: 'With the client credentials flow enabled on the app.' },
      secretKey('clientSecret', 'Connected app consumer secret', false),
      orAccessToken('An OAuth access token of a user who may read contacts (expires with the session).'),
      { name: 'apiVersion', label: 'API version', input: 'text', required: false, defaultValue: 'v60.0' },
    ],
  },
  {
    catalogueId: 'hubspot',
    kind: 'vendor',
    documentation: 'https://developers.hubspot.com/docs/api/crm/contacts',
    settings: [
      secretKey('accessToken', 'Private app access token', true, {
        placeholder: 'pat-na1-...',
        help: 'Settings > Integrations > Private Apps, with the crm.objects.contacts.read scope.',
      }),
      apiBaseUrl({ defaultValue: 'https://api.hubapi.com' }),
    ],
  },
  {
    catalogueId: 'stripe',
    kind: 'vendor',
    documentation: 'https://docs.stripe.com/api/charges/list',
    settings: [
      secretKey('apiKey', 'Secret key', true, { placeholder: 'rk_live_...', help: 'A restricted key that may read charges is enough.' }),
      apiBaseUrl({ defaultValue: 'https://api.stripe.com' }),
    ],
  },
  {
    catalogueId: 'calendly',
    kind: 'vendor',
    documentation: 'https://developer.calendly.com/api-docs/2d5ed9bbd2952-list-events',
    settings: [
      secretKey('accessToken', 'Personal access token', true, { help: 'Integrations & apps > API and webhooks.' }),
      {
        name: 'scope',
        label: 'Meetings of',
        input: 'select',
        required: false,
        defaultValue: 'user',
        options: [
          { value: 'user', label: 'My account' },
          { value: 'organization', label: 'The whole organization (admins)' },
        ],
      },
      apiBaseUrl({ defaultValue: 'https://api.calendly.com' }),
    ],
  },
  {
    catalogueId: 'mailchimp',
    kind: 'vendor',
    documentation: 'https://mailchimp.com/developer/marketing/api/list-members/list-members-info/',
    settings: [
      secretKey('apiKey', 'API key', true, { placeholder: '...-us21', help: 'Account > Extras > API keys.' }),
      { name: 'listId', label: 'Audience id', input: 'text', required: true, help: 'Audience > Settings > Audience name and defaults.' },
      apiBaseUrl({ placeholder: 'https://us21.api.mailchimp.com', help: "Empty: the data center in the key's suffix." }),
    ],
  },
  {
    catalogueId: 'shopify',
    kind: 'vendor',
    documentation: 'https://shopify.dev/docs/api/admin-rest/2024-10/resources/customer',
    settings: [
      { name: 'shopDomain', label: 'Shop domain', input: 'text', required: true, placeholder: 'your-store.myshopify.com' },
      secretKey('accessToken', 'Admin API access token', true, { placeholder: 'shpat_...', help: 'A custom app token with the read_customers scope.' }),
      apiBaseUrl({ help: 'Empty: https:// and the shop domain.' }),
    ],
  },
  {
    catalogueId: 'wordpress',
    kind: 'vendor',
    documentation: 'https://developer.wordpress.org/rest-api/reference/posts/#list-posts',
    settings: [
      { name: 'baseUrl', label: 'Site address', input: 'url', required: true, placeholder: 'https://blog.example.com' },
      { name: 'username', label: 'User name', input: 'text', required: false, help: 'Only for a private site, with an application password.' },
      secretKey('applicationPassword', 'Application password', false, { help: 'Users > Profile > Application passwords.' }),
    ],
  },
  {
    catalogueId: 'amazon-s3',
    kind: 'vendor',
    documentation: 'https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html',
    settings: [
      { name: 'bucket', label: 'Bucket', input: 'text', required: true },
      { name: 'region', label: 'Region', input: 'text', required: true, defaultValue: 'us-east-1' },
      { name: 'prefix', label: 'Prefix', input: 'text', required: false, placeholder: 'exports/', help: 'Only objects under it; .csv, .json and .jsonl files are read.' },
      { name: 'accessKeyId', label: 'Access key id', input: 'text', required: true, placeholder: 'AKIA...' },
      secretKey('secretAccessKey', 'Secret access key', true, { help: 'A key that may list and read the bucket.' }),
      {
        name: 'endpoint',
        label: 'Endpoint',
        input: 'url',
        required: false,
        placeholder: 'https://s3.us-east-1.amazonaws.com',
        help: 'Empty: Amazon S3 in the region. Another S3-compatible store: its address.',
      },
      { name: 'pathStyle', label: 'Path-style addresses', input: 'checkbox', required: false, help: 'endpoint/bucket/key instead of bucket.endpoint/key.' },
    ],
  },  // content: Klaviyo, SendGrid, Contentful, Google Drive, Dropbox, YouTube
  {
    catalogueId: 'klaviyo',
    kind: 'vendor',
    documentation: 'https://developers.klaviyo.com/en/reference/get_profiles',
    settings: [
      secretKey('apiKey', 'Private API key', true, { placeholder: 'pk_...', help: 'Settings > API keys, with read access to profiles.' }),
      apiBaseUrl({ defaultValue: 'https://a.klaviyo.com' }),
    ],
  },
  {
    catalogueId: 'sendgrid',
    kind: 'vendor',
    documentation: 'https://www.twilio.com/docs/sendgrid/api-reference/bounces-api/retrieve-all-bounces',
    settings: [
      secretKey('apiKey', 'API key', true, { placeholder: 'SG....', help: 'Settings > API Keys: a restricted key with read access to Suppressions is enough.' }),
      apiBaseUrl({ defaultValue: 'https://api.sendgrid.com', help: 'https://api.eu.sendgrid.com for an EU regional subuser.' }),
    ],
  },
  {
    catalogueId: 'contentful',
    kind: 'vendor',
    documentation: 'https://www.contentful.com/developers/docs/references/content-delivery-api/#/reference/entries/entries-collection',
    settings: [
      { name: 'spaceId', label: 'Space id', input: 'text', required: true, help: 'Settings > General settings.' },
      { name: 'environment', label: 'Environment', input: 'text', required: false, defaultValue: 'master' },
      secretKey('accessToken', 'Content Delivery API access token', true, { help: 'Settings > API keys: the delivery token (published content only).' }),
      apiBaseUrl({ defaultValue: 'https://cdn.contentful.com' }),
    ],
  },  {
    catalogueId: 'google-drive',
    kind: 'vendor',
    documentation: 'https://developers.google.com/drive/api/reference/rest/v3/files/list',
    settings: [
      { name: 'folderId', label: 'Folder id', input: 'text', required: true, placeholder: '1AbC...', help: "The last part of the folder's address (drive.google.com/drive/folders/<id>)." },
      {
        name: 'serviceAccountKey',
        label: 'Service account key (JSON)',
        input: 'textarea',
        required: false,
        secret: true,
        help: "The JSON key of a service account the folder is shared with (its client_email), with the Drive API enabled.",
      },
      secretKey('apiKey', 'Or an API key', false, { help: 'Only for a folder shared with anyone who has the link.' }),
      apiBaseUrl({ defaultValue: 'https://www.googleapis.com' }),
    ],
  },  {
    catalogueId: 'dropbox',
    kind: 'vendor',
    documentation: 'https://www.dropbox.com/developers/documentation/http/documentation#files-list_folder',
    settings: [
      secretKey('accessToken', 'Access token', true, { placeholder: 'sl....', help: 'An app with the files.metadata.read permission (App Console > Generate access token).' }),
      { name: 'folderPath', label: 'Folder path', input: 'text', required: false, placeholder: '/Exports', help: "Empty: the app's root folder." },
      apiBaseUrl({ defaultValue: 'https://api.dropboxapi.com' }),
    ],
  },  {
    catalogueId: 'youtube',
    kind: 'vendor',
    documentation: 'https://developers.google.com/youtube/v3/docs/playlistItems/list',
    settings: [
      { name: 'playlistId', label: 'Uploads playlist id', input: 'text', required: true, placeholder: 'UU...', help: 'The channel id (UC…) with UC turned into UU.' },
      secretKey('apiKey', 'API key', false, { placeholder: 'AIza...', help: 'Google Cloud > Credentials, with the YouTube Data API v3 enabled.' }),
      {
        name: 'serviceAccountKey',
        label: 'Or a service account key (JSON)',
        input: 'textarea',
        required: false,
        secret: true,
        help: 'Instead of an API key: the JSON key of a service account in a project with the YouTube Data API v3 enabled.',
      },
      apiBaseUrl({ defaultValue: 'https://www.googleapis.com' }),
    ],
  },
  // commerce: Pipedrive, Square, WooCommerce, BigCommerce, PayPal
  {
    catalogueId: 'pipedrive',
    kind: 'vendor',
    documentation: 'https://developers.pipedrive.com/docs/api/v1/Persons#getPersons',
    settings: [
      secretKey('apiToken', 'API token', true, { help: 'Personal preferences > API in Pipedrive: the token of a user who may see the persons.' }),
      apiBaseUrl({ defaultValue: 'https://api.pipedrive.com', help: 'Or your company domain, such as https://yourcompany.pipedrive.com.' }),
    ],
  },
  {
    catalogueId: 'square',
    kind: 'vendor',
    documentation: 'https://developer.squareup.com/reference/square/payments/ListPayments',
    settings: [
      secretKey('accessToken', 'Access token', true, { placeholder: 'EAAA...', help: 'Developer Console > your application > Credentials (production), with PAYMENTS_READ.' }),
      apiBaseUrl({ defaultValue: 'https://connect.squareup.com', help: 'The sandbox: https://connect.squareupsandbox.com.' }),
    ],
  },
  {
    catalogueId: 'woocommerce',
    kind: 'vendor',
    documentation: 'https://woocommerce.github.io/woocommerce-rest-api-docs/#list-all-orders',
    settings: [
      { name: 'storeUrl', label: 'Store URL', input: 'url', required: true, placeholder: 'https://your-store.example.com', help: 'The https address of the WordPress site.' },
      { name: 'consumerKey', label: 'Consumer key', input: 'text', required: true, placeholder: 'ck_...', help: 'WooCommerce > Settings > Advanced > REST API, with Read permission.' },
      secretKey('consumerSecret', 'Consumer secret', true, { placeholder: 'cs_...' }),
    ],
  },
  {
    catalogueId: 'bigcommerce',
    kind: 'vendor',
    documentation: 'https://developer.bigcommerce.com/docs/rest-management/customers#get-all-customers',
    settings: [
      { name: 'storeHash', label: 'Store hash', input: 'text', required: true, placeholder: 'abc123xyz', help: 'In the API path of the store: /stores/{store hash}/.' },
      secretKey('accessToken', 'Access token', true, { help: 'Settings > Store-level API accounts, with Customers read-only.' }),
      apiBaseUrl({ defaultValue: 'https://api.bigcommerce.com' }),
    ],
  },
  {
    catalogueId: 'paypal',
    kind: 'vendor',
    documentation: 'https://developer.paypal.com/docs/api/transaction-search/v1/#search_get',
    settings: [
      { name: 'clientId', label: 'REST app client id', input: 'text', required: true, help: 'Developer Dashboard > Apps & Credentials (Live), an app with Transaction Search enabled.' },
      secretKey('clientSecret', 'REST app secret', true),
      { name: 'startDate', label: 'First sync from', input: 'text', required: false, placeholder: '2024-01-31', help: 'Empty: three years back, as far as PayPal keeps transactions.' },
      apiBaseUrl({ defaultValue: 'https://api-m.paypal.com', help: 'The sandbox: https://api-m.sandbox.paypal.com.' }),
    ],
  },
  // analytics
  {
    catalogueId: 'notion',
    kind: 'vendor',
    documentation: 'https://developers.notion.com/reference/post-database-query',
    settings: [
      secretKey('apiKey', 'Internal integration token', true, {
        placeholder: 'ntn_...',
        help: 'Settings > Connections > Develop or manage integrations; then share the database with the integration.',
      }),
      { name: 'databaseId', label: 'Database id', input: 'text', required: true, help: 'The 32 characters after the workspace name in the database link.' },
      apiBaseUrl({ defaultValue: 'https://api.notion.com' }),
    ],
  },
  {
    catalogueId: 'airtable',
    kind: 'vendor',
    documentation: 'https://airtable.com/developers/web/api/list-records',
    settings: [
      secretKey('apiKey', 'Personal access token', true, { placeholder: 'pat...', help: 'Builder hub > Personal access tokens, with the data.records:read scope and access to the base.' }),
      { name: 'baseId', label: 'Base id', input: 'text', required: true, placeholder: 'appXXXXXXXXXXXXXX', help: 'The app… part of the base link.' },
      { name: 'table', label: 'Table name or id', input: 'text', required: true, placeholder: 'tblXXXXXXXXXXXXXX' },
      apiBaseUrl({ defaultValue: 'https://api.airtable.com' }),
    ],
  },
  {
    catalogueId: 'matomo',
    kind: 'vendor',
    documentation: 'https://developer.matomo.org/api-reference/reporting-api',
    settings: [
      { name: 'instanceUrl', label: 'Matomo address', input: 'url', required: true, placeholder: 'https://analytics.example.com', help: 'Where Matomo is installed, or https://yourname.matomo.cloud.' },
      secretKey('apiKey', 'token_auth', true, { help: 'Administration > Personal > Security > Auth tokens, of a user with view access to the site.' }),
      { name: 'siteId', label: 'Site id', input: 'text', required: true, placeholder: '1', help: 'idSite, under Administration > Websites > Manage.' },
    ],
  },
  {
    catalogueId: 'mixpanel',
    kind: 'vendor',
    documentation: 'https://developer.mixpanel.com/reference/raw-event-export',
    settings: [
      {
        name: 'serviceAccountUsername',
        label: 'Service account username',
        input: 'text',
        required: true,
        placeholder: 'navout.1a2b3c.mp-service-account',
        help: 'Organization settings > Service accounts: an account with access to the project (Consumer is enough).',
      },
      secretKey('serviceAccountSecret', 'Service account secret', true, { help: 'Shown once, when the service account is created.' }),
      { name: 'projectId', label: 'Project id', input: 'text', required: true, placeholder: '1234567', help: 'Project settings > Overview.' },
      { name: 'startDate', label: 'First sync from', input: 'text', required: false, placeholder: '2024-01-31', help: 'Empty: the last 30 days.' },
      apiBaseUrl({ defaultValue: 'https://data.mixpanel.com', help: 'EU data residency: https://data-eu.mixpanel.com; India: https://data-in.mixpanel.com.' }),
    ],
  },
  {
    catalogueId: 'amplitude',
    kind: 'vendor',
    documentation: 'https://amplitude.com/docs/apis/analytics/export',
    settings: [
      { name: 'apiKey', label: 'API key', input: 'text', required: true, help: "Project settings > General: the project's API key." },
      secretKey('secretKey', 'Secret key', true, { help: 'Project settings > General, beside the API key.' }),
      { name: 'startDate', label: 'First sync from', input: 'text', required: false, placeholder: '2024-01-31', help: 'Empty: the last 7 days. Every hour is a request: a long first sync takes a while.' },
      apiBaseUrl({ defaultValue: 'https://amplitude.com', help: 'EU data residency: https://analytics.eu.amplitude.com.' }),
    ],
  },
  {
    catalogueId: 'adobe-analytics',
    kind: 'vendor',
    documentation: 'https://developer.adobe.com/analytics-apis/docs/2.0/guides/endpoints/reports/',
    settings: [
      { name: 'clientId', label: 'Client ID', input: 'text', required: true, help: 'Adobe Developer Console > your project > OAuth Server-to-Server credential, with the Adobe Analytics API.' },
      secretKey('clientSecret', 'Client secret', true, { help: 'Beside the client ID: Retrieve client secret.' }),
      { name: 'orgId', label: 'Organization ID', input: 'text', required: true, placeholder: '0123456789ABCDEF01234567@AdobeOrg' },
      { name: 'companyId', label: 'Global company ID', input: 'text', required: true, placeholder: 'exampl0', help: 'Analytics > Admin > Company settings > API access.' },
      { name: 'reportSuiteId', label: 'Report suite ID', input: 'text', required: true, placeholder: 'examplersid', help: 'Analytics > Admin > Report suites.' },
      { name: 'startDate', label: 'First sync from', input: 'text', required: false, placeholder: '2024-01-31', help: 'Empty: the last 90 days.' },
      apiBaseUrl({ defaultValue: 'https://analytics.adobe.io' }),
      { name: 'imsUrl', label: 'Adobe IMS address', input: 'url', required: false, defaultValue: 'https://ims-na1.adobelogin.com', help: 'Where the access token is asked for.' },
    ],
  },
];
