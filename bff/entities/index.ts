import { AudienceProfile } from './AudienceProfile';
import { AudienceBuild } from './AudienceBuild';
import { AudienceIdentity } from './AudienceIdentity';
import { AudienceJob } from './AudienceJob';
import { AudienceMerge } from './AudienceMerge';
import { AudienceView } from './AudienceView';
import { CustomAttribute } from './CustomAttribute';
import { CustomConnector } from './CustomConnector';
import { ModelSettingsVersion } from './ModelSettingsVersion';
import { PredictionCall } from './PredictionCall';
import { PredictionCallMinute } from './PredictionCallMinute';
import { PredictionCallMonth } from './PredictionCallMonth';
import { PredictionSnapshot } from './PredictionSnapshot';
import { ApiKey } from './ApiKey';
import { AuditEntry } from './AuditEntry';
import { Company } from './Company';
import { CompanySurveySettings } from './CompanySurveySettings';
import { DataRecord } from './DataRecord';
import { DataSource } from './DataSource';
import { DataType } from './DataType';
import { FieldSetting } from './FieldSetting';
import { IdempotencyKey } from './IdempotencyKey';
import { PrivacyErasure } from './PrivacyErasure';
import { PrivacySuppressedIntake, PrivacySuppression } from './PrivacySuppression';
import { ImportTemplate } from './ImportTemplate';
import { Invitation } from './Invitation';
import { OverrideLog } from './OverrideLog';
import { PublishedSurvey } from './PublishedSurvey';
import { SurveyBundleVersion } from './SurveyBundleVersion';
import { SavedTheme } from './SavedTheme';
import { ServiceRequest } from './ServiceRequest';
import { SsoEvent } from './SsoEvent';
import { HealthCheck } from './HealthCheck';
import { StoredFile } from './StoredFile';
import { SurveyDisplay } from './SurveyDisplay';
import { SurveyDraft } from './SurveyDraft';
import { SurveyResponse } from './SurveyResponse';
import { SurveyAnswerTally } from './SurveyAnswerTally';
import { SurveyAddressTally } from './SurveyAddressTally';
import { SurveyResponseTally } from './SurveyResponseTally';
import { UntalliedResponse } from './UntalliedResponse';
import { User } from './User';
import { WebhookDelivery } from './WebhookDelivery';
import { WritebackDestination } from './WritebackDestination';
import { WritebackJob } from './WritebackJob';
import { DashboardPreference } from './DashboardPreference';
import { RecommendationOutcomeHour } from './RecommendationOutcomeHour';
import { DashboardCallHour } from './DashboardCallHour';
import { DashboardCallMark } from './DashboardCallMark';
import { SyncRun } from './SyncRun';
import { IngestMessage } from './IngestMessage';

export const ENTITIES = [
  Company,
  User,
  Invitation,
  StoredFile,
  ApiKey,
  DataSource,
  DataRecord,
  FieldSetting,
  ImportTemplate,
  DataType,
  ServiceRequest,
  SurveyDraft,
  PublishedSurvey,
  SavedTheme,
  OverrideLog,
  SsoEvent,
  AuditEntry,
  HealthCheck,
  CompanySurveySettings,
  SurveyResponse,
  SurveyAnswerTally,
  SurveyAddressTally,
  SurveyResponseTally,
  UntalliedResponse,
  SurveyDisplay,
  WebhookDelivery,
  IdempotencyKey,
  PrivacyErasure,
  PrivacySuppression,
  PrivacySuppressedIntake,
  SurveyBundleVersion,
  ModelSettingsVersion,
  CustomAttribute,
  PredictionSnapshot,
  PredictionCall,
  PredictionCallMinute,
  PredictionCallMonth,
  AudienceProfile,
  AudienceBuild,
  AudienceIdentity,
  AudienceJob,
  AudienceMerge,
  AudienceView,
  WritebackDestination,
  WritebackJob,
  DashboardPreference,
  RecommendationOutcomeHour,
  DashboardCallHour,
  DashboardCallMark,
  SyncRun,
  IngestMessage,
  CustomConnector,
];

// Each name is both the entity (em.find(User, ...)) and its type (user: User).
export { ApiKey } from './ApiKey';
export { AuditEntry } from './AuditEntry';
export { AudienceProfile } from './AudienceProfile';
export { AudienceBuild, type AudienceSummary, type SummaryGroup } from './AudienceBuild';
export { AudienceIdentity } from './AudienceIdentity';
export { AudienceJob } from './AudienceJob';
export { AudienceMerge } from './AudienceMerge';
export { AudienceView } from './AudienceView';
export { Company } from './Company';
export { CompanySurveySettings } from './CompanySurveySettings';
export { DataRecord } from './DataRecord';
export { DataSource } from './DataSource';
export { DataType } from './DataType';
export { FieldSetting } from './FieldSetting';
export { IdempotencyKey } from './IdempotencyKey';
export { PrivacyErasure } from './PrivacyErasure';
export { PrivacySuppressedIntake, PrivacySuppression } from './PrivacySuppression';
export { ImportTemplate } from './ImportTemplate';
export { Invitation } from './Invitation';
export { OverrideLog } from './OverrideLog';
export { SsoEvent } from './SsoEvent';
export { HealthCheck } from './HealthCheck';
export { PublishedSurvey } from './PublishedSurvey';
export { SurveyBundleVersion } from './SurveyBundleVersion';
export { SavedTheme } from './SavedTheme';
export { ServiceRequest } from './ServiceRequest';
export { StoredFile, type StoredFileKind } from './StoredFile';
export { SurveyDisplay } from './SurveyDisplay';
export { SurveyDraft } from './SurveyDraft';
export { SurveyResponse } from './SurveyResponse';
export { SurveyAnswerTally } from './SurveyAnswerTally';
export { SurveyAddressTally } from './SurveyAddressTally';
export { SurveyResponseTally } from './SurveyResponseTally';
export { UntalliedResponse } from './UntalliedResponse';
export { User } from './User';
export { WebhookDelivery } from './WebhookDelivery';
export { WritebackDestination } from './WritebackDestination';
export { WritebackJob, type WritebackJobDestination } from './WritebackJob';
export { CustomAttribute } from './CustomAttribute';
export { ModelSettingsVersion } from './ModelSettingsVersion';
export { PredictionCall } from './PredictionCall';
export { PredictionCallMinute } from './PredictionCallMinute';
export { PredictionCallMonth } from './PredictionCallMonth';
export { PredictionSnapshot } from './PredictionSnapshot';
export { DashboardPreference } from './DashboardPreference';
export { RecommendationOutcomeHour } from './RecommendationOutcomeHour';
export { DashboardCallHour } from './DashboardCallHour';
export { DashboardCallMark } from './DashboardCallMark';
export { SyncRun } from './SyncRun';
export { IngestMessage } from './IngestMessage';
export { CustomConnector } from './CustomConnector';
