/**
 * What the Outbound API and Model screens send to the dashboard's BFF routes (data document,
 * section 5 "Outbound API"): API tokens, custom attributes, and the model settings' save, reset
 * and evaluation bodies. The dialogs validate with the same schemas, so the messages match.
 */
import * as yup from 'yup';
import { API_KEY_SCOPES, DEFAULT_API_KEY_SCOPES, type ApiKeyScope } from '../apiKeys';
import { modelSettingsSchema } from '../models/settings';
import { optionalId } from '../params';
import { requiredTrimmed, trimmed } from '../text';
import { CUSTOM_ATTRIBUTE_TYPES } from './contract';

export const API_KEY_NAME_MAX = 100;
export const API_KEY_DESCRIPTION_MAX = 500;
export const CUSTOM_ATTRIBUTE_NAME_MAX = 64;
/** Letters, digits and underscores, starting with a letter: usable as an item field and a JSON key. */
export const CUSTOM_ATTRIBUTE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export const KEY_MESSAGES = {
  nameRequired: 'Name is required',
  permissionRequired: 'Select at least one permission',
  unknownPermission: 'Permissions are read, write and admin',
  attributeNameRequired: 'Attribute name is required',
  attributeNameRule: 'Use letters, digits and underscores, starting with a letter',
  attributeType: `Type must be one of ${CUSTOM_ATTRIBUTE_TYPES.join(', ')}`,
  isActive: 'isActive must be true or false',
} as const;

const permissions = yup
  .array(yup.string<ApiKeyScope>().oneOf(API_KEY_SCOPES, KEY_MESSAGES.unknownPermission).required())
  .min(1, KEY_MESSAGES.permissionRequired)
  .default(() => [...DEFAULT_API_KEY_SCOPES]);

/** Create API Token: a name non-blank after trimming and at least one permission (read and write unless chosen). */
export const createApiKeySchema = yup.object({
  name: requiredTrimmed(KEY_MESSAGES.nameRequired, API_KEY_NAME_MAX),
  description: trimmed(API_KEY_DESCRIPTION_MAX).nullable().default(null),
  permissions,
  /** A global admin's "View Data For" company; everyone else's own. */
  companyId: optionalId(),
});
export type CreateApiKeyInput = yup.InferType<typeof createApiKeySchema>;

/** Pause (false) or Activate (true). */
export const updateApiKeySchema = yup.object({
  isActive: yup.boolean().typeError(KEY_MESSAGES.isActive).required(KEY_MESSAGES.isActive),
});
export type UpdateApiKeyInput = yup.InferType<typeof updateApiKeySchema>;

/** The Live Test key is minted for the signed-in user, for the company they are viewing. */
export const testKeySchema = yup.object({ companyId: optionalId() });

/** Add Custom Attribute / Edit Attribute. */
export const customAttributeSchema = yup.object({
  name: requiredTrimmed(KEY_MESSAGES.attributeNameRequired, CUSTOM_ATTRIBUTE_NAME_MAX).test(
    'name-rule',
    KEY_MESSAGES.attributeNameRule,
    (value) => value === undefined || CUSTOM_ATTRIBUTE_NAME_PATTERN.test(value.trim()),
  ),
  type: yup.string().oneOf(CUSTOM_ATTRIBUTE_TYPES, KEY_MESSAGES.attributeType).required(KEY_MESSAGES.attributeType),
  companyId: optionalId(),
});
export type CustomAttributeInput = yup.InferType<typeof customAttributeSchema>;

/** Save: the settings, and for a global admin the company they are for. */
export const saveModelSettingsSchema = modelSettingsSchema.shape({ companyId: optionalId() });

/** Reset to the defaults. */
export const resetModelSettingsSchema = yup.object({ companyId: optionalId() }).noUnknown('Unknown setting');

/** Evaluate: the edited settings, scored beside the saved ones. */
export const evaluateModelSettingsSchema = yup.object({
  settings: modelSettingsSchema.required('Settings are required'),
  companyId: optionalId(),
});
