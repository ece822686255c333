/**
 * Every error the API answers, by its stable code. An error body is `{ error, message, code }`:
 * `error` and `message` are the wording (the specification's, where it gives one), `code` is what
 * clients branch on. A code is never renamed; its wording may change.
 */
export interface ErrorDefinition {
  status: number;
  /** Short and human-readable: shown as is. */
  error: string;
  /** One sentence of detail. */
  message: string;
}

const define = (status: number, error: string, message = error): ErrorDefinition => ({ status, error, message });

/** The sign-in and invitation wording of the specification (platform document, section 8). */
export const AUTH_WORDING = {
  invalidCredentials: 'Invalid credentials',
  accountSuspended: 'Your account has been suspended. Please contact your administrator.',
  accountNotActivated: 'Your account has not been activated yet. Please use the invitation link you received.',
  companyInactive: 'Your company account is not active. Please contact your administrator.',
  emailExists: 'Email already exists',
  invalidInvitation: 'Invalid or expired invitation link. Please contact your administrator for a new invitation.',
  invitationUsed: 'This invitation has already been used. Please sign in instead.',
  ssoNotConfigured: 'Single sign-on is not configured',
  invalidIdentityToken: 'Invalid identity token',
  userNotFound: 'User not found',
  onlyGlobalAdminAssigns: 'Only a global admin can assign Global Admin',
} as const;

export const API_ERRORS = {
  // The request itself
  validation_failed: define(400, 'Invalid request', 'Check the fields named in the answer.'),
  invalid_parameter: define(400, 'Invalid parameter', 'A path or query parameter of this request is not valid.'),
  invalid_body: define(400, 'Invalid request body', 'The request body must be a JSON object.'),
  malformed_body: define(400, 'Malformed JSON body', 'The request body is not valid JSON.'),
  unstorable_value: define(400, 'Value cannot be stored', 'Text may not hold NUL or unpaired surrogate characters, nor use a reserved name such as __proto__ as a key.'),
  body_too_deep: define(400, 'Request body too deeply nested', 'The request body nests objects and arrays too deeply.'),
  request_aborted: define(400, 'Request aborted', 'The request body was not received completely.'),
  body_too_large: define(413, 'Request body too large', 'The request body is larger than this route accepts.'),
  unsupported_encoding: define(415, 'Unsupported encoding', 'Send the request body as UTF-8 JSON.'),
  route_not_found: define(404, 'Not found', 'No API route matches this address.'),
  method_not_allowed: define(405, 'Method not allowed', 'This address does not accept this method.'),
  not_implemented: define(501, 'Not implemented', 'This method is not supported.'),
  internal_error: define(500, 'Internal server error', 'Something went wrong on our side. Please try again later.'),
  request_failed: define(400, 'Request failed', 'The request could not be completed.'),
  // The Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header) of the widget's writes and POST /api/v1/events.
  idempotency_key_invalid: define(400, 'Invalid Idempotency-Key', 'Send an Idempotency-Key of 1 to 255 visible ASCII characters, such as a UUID.'),
  idempotency_key_reused: define(422, 'Idempotency-Key already used', 'This Idempotency-Key was sent before with another request body; use a new key for a new request.'),
  idempotency_key_in_flight: define(409, 'Request already in progress', 'A request with this Idempotency-Key is still being processed; try again once it has been answered.'),
  // A lost database connection (terminated, reset, a failover) that a second try did not cure.
  database_unavailable: define(503, 'Service temporarily unavailable', 'The database could not be reached. Please try again in a moment.'),

  // Who is calling
  authentication_required: define(401, 'Authentication required', 'Sign in to continue.'),
  session_ended: define(401, 'Session expired', 'Your session is no longer valid. Please sign in again.'),
  invalid_credentials: define(401, AUTH_WORDING.invalidCredentials, 'The e-mail address or password is incorrect.'),
  account_suspended: define(403, AUTH_WORDING.accountSuspended),
  account_not_activated: define(403, AUTH_WORDING.accountNotActivated),
  company_inactive: define(403, AUTH_WORDING.companyInactive),
  rate_limited: define(429, 'Too many attempts', 'Too many attempts. Please try again later.'),
  sso_not_configured: define(503, AUTH_WORDING.ssoNotConfigured, 'Ask your administrator to configure single sign-on.'),
  sso_unavailable: define(
    502,
    'Identity provider unavailable',
    'The signing keys of the identity provider could not be loaded. Please try again.',
  ),
  invalid_identity_token: define(401, AUTH_WORDING.invalidIdentityToken, 'The identity token could not be verified.'),
  user_not_found: define(
    404,
    AUTH_WORDING.userNotFound,
    'No account is provisioned for this identity. Please contact your administrator.',
  ),
  // Single sign-on that would bind an account to an identity the token does not prove is its owner's.
  sso_email_unverified: define(
    403,
    'E-mail address not verified',
    'Your identity provider does not vouch for this e-mail address, so it cannot be linked to an account. Please ask your administrator.',
  ),
  sso_link_not_allowed: define(
    403,
    'Single sign-on not linked',
    'This account is not linked to single sign-on, and its company does not allow linking at sign-in. Please ask your administrator.',
  ),
  sso_identity_mismatch: define(
    403,
    'Linked to another identity',
    'This account is linked to a different single sign-on identity. Please sign in with that identity, or ask your administrator.',
  ),
  // The prediction API's routes (/api/v1) are called with an API key, never a session: their own words.
  api_key_required: define(401, 'API key required', 'Send an API key in the X-API-Key header.'),
  invalid_api_key: define(401, 'Invalid API key', 'The API key is unknown or has been revoked.'),
  // 401 like a revoked key: a paused key authenticates nobody until it is activated again.
  api_key_paused: define(401, 'API key paused', 'This API key is paused. Activate it on the Outbound API page.'),
  ambiguous_credentials: define(400, 'Ambiguous credentials', 'Send either a session token or an API key, not both.'),

  // What the caller may do
  access_denied: define(403, 'Access denied', 'You do not have access to this action.'),
  only_global_admin_assigns: define(403, AUTH_WORDING.onlyGlobalAdminAssigns),
  own_account: define(400, 'You cannot change your own account this way'),
  internal_company_protected: define(400, 'The internal company cannot be changed this way'),

  // Resources
  not_found: define(404, 'Not found', 'No such resource exists in your reach.'),
  already_exists: define(409, 'Already exists', 'Another record already uses one of these values.'),
  email_taken: define(409, AUTH_WORDING.emailExists, 'An account with this e-mail address already exists.'),
  invitation_invalid: define(404, AUTH_WORDING.invalidInvitation, 'The invitation link is not valid.'),
  invitation_expired: define(410, AUTH_WORDING.invalidInvitation, 'The invitation link has expired.'),
  invitation_used: define(410, AUTH_WORDING.invitationUsed),
  invalid_image: define(400, 'Please select a valid image file', 'Upload a PNG, JPEG, GIF or WebP image.'),
  image_too_large: define(413, 'Image file must be smaller than 5MB', 'The upload must be at most 5 MB.'),
  company_required: define(400, 'Choose a company', 'Choose a company in "View Data For" first: this is kept per company.'),
  import_too_large: define(413, 'File too large', 'The file must be at most 10 MB.'),
  unsupported_file: define(400, 'Unsupported file type', 'Import a .csv, .json, .xlsx or .xls file.'),
  invalid_file: define(400, 'Error processing the file. Please try again.', 'The file could not be read.'),
  import_rows_invalid: define(400, 'Some rows are not valid', 'Fix the rows listed in the report, or import only the valid rows.'),
  sync_unavailable: define(409, 'Sync not available', 'This source cannot be synced yet.'),
  // Connectors: a source without one (or one that receives its records), and a failed connection test with the vendor's words.
  connector_unavailable: define(400, 'No connector', 'This source has no connector yet.'),
  connection_failed: define(400, 'Connection failed', 'The source refused the connection.'),
  global_data_type_protected: define(403, 'Only a global admin can change a global data type'),
  // The widget's public API: a survey that is stopped or ended, a response that cannot change.
  survey_inactive: define(409, 'Survey inactive', 'This survey is not accepting responses.'),
  response_complete: define(409, 'Response already complete', 'This response is already complete; a new one must be started to answer again.'),
  response_token_invalid: define(403, 'Invalid response token', 'This response can only be continued by the browser that started it.'),
  // The answer names every problem (publishProblems in src/domain/survey/check.ts) in its error.
  survey_not_ready: define(400, 'The survey is not ready to publish', 'Fix the problems named in the answer, then publish again.'),
  logo_not_image: define(400, 'Please select an image file', 'Upload a PNG, JPEG, GIF or WebP image.'),
  logo_too_large: define(413, 'File size must be less than 5MB', 'The logo must be smaller than 5 MB.'),
  override_not_allowed: define(
    403,
    'The company settings do not allow surveys to override the global identifier requirements.',
    'Ask an administrator to allow survey overrides in the global identifier settings.',
  ),
  // The model screen's offline evaluation needs people with at least two recent interactions.
  not_enough_events: define(
    400,
    'Not enough events to evaluate',
    'The evaluation needs recent events of people with at least two interactions in the last 30 days. Send events through the API or import them, then try again.',
  ),
  // The prediction API (POST /api/v1/predict, /api/v1/events, PUT /api/v1/items).
  quota_exceeded: define(
    429,
    'Monthly API call allowance used up',
    "This month's prediction calls have reached your plan's allowance. Upgrade your plan on the Plans page to continue.",
  ),
  unknown_custom_attribute: define(400, 'Unknown custom attribute', 'Define the attribute on the Custom Attributes tab before sending it.'),
  invalid_custom_attribute: define(400, 'Invalid custom attribute', 'A custom attribute does not have the type it was defined with.'),
  // Write Back: no enabled destination of a chosen kind (the dashboard offers to add one).
  destination_not_configured: define(409, 'No destination is configured', 'Add an enabled destination of this kind under Write Back destinations first.'),
  snapshot_unavailable: define(503, 'Recommendations are not ready', 'The catalogue index could not be built. Please try again shortly.'),
  // The dashboard overview's reads each have a time budget (bff/modules/dashboard/reads.ts).
  dashboard_timeout: define(503, 'The figures took too long', 'Reading these figures took longer than allowed. Choose a shorter range or try again in a moment.'),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof API_ERRORS;

export const ERROR_CODES = Object.keys(API_ERRORS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(API_ERRORS, value);
}

/** Every error answer of the API. */
export interface ApiErrorBody {
  error: string;
  message: string;
  code: ErrorCode;
  /** Field-level messages for validation errors. */
  fields?: Record<string, string>;
}

/** The code of a failed call (an ApiError or anything carrying `code`), when it has a known one. */
export function errorCodeOf(failure: unknown): ErrorCode | undefined {
  if (!failure || typeof failure !== 'object') return undefined;
  const code = (failure as { code?: unknown }).code;
  return isErrorCode(code) ? code : undefined;
}
