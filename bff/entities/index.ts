import { ApiKey } from './ApiKey';
import { Company } from './Company';
import { CompanySurveySettings } from './CompanySurveySettings';
import { DataRecord } from './DataRecord';
import { DataSource } from './DataSource';
import { DataType } from './DataType';
import { FieldSetting } from './FieldSetting';
import { ImportTemplate } from './ImportTemplate';
import { Invitation } from './Invitation';
import { OverrideLog } from './OverrideLog';
import { PublishedSurvey } from './PublishedSurvey';
import { SavedTheme } from './SavedTheme';
import { ServiceRequest } from './ServiceRequest';
import { StoredFile } from './StoredFile';
import { SurveyDraft } from './SurveyDraft';
import { User } from './User';

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
  CompanySurveySettings,
];

// Each name is both the entity (em.find(User, ...)) and its type (user: User).
export { ApiKey } from './ApiKey';
export { Company } from './Company';
export { CompanySurveySettings } from './CompanySurveySettings';
export { DataRecord } from './DataRecord';
export { DataSource } from './DataSource';
export { DataType } from './DataType';
export { FieldSetting } from './FieldSetting';
export { ImportTemplate } from './ImportTemplate';
export { Invitation } from './Invitation';
export { OverrideLog } from './OverrideLog';
export { PublishedSurvey } from './PublishedSurvey';
export { SavedTheme } from './SavedTheme';
export { ServiceRequest } from './ServiceRequest';
export { StoredFile, type StoredFileKind } from './StoredFile';
export { SurveyDraft } from './SurveyDraft';
export { User } from './User';
