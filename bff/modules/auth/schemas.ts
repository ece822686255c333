import * as yup from 'yup';
import { SHORT_TEXT_MAX } from '@domain/limits';

/** Identity-provider tokens are a few kilobytes; anything far larger is not one. */
const ID_TOKEN_MAX = 16_384;

/**
 * Only the token is trusted; e-mail and ids in the body are accepted but never used to sign in.
 * The nonce the sign-in asked with, when sent, must be the token's.
 */
export const verifyUserSchema = yup.object({
  idToken: yup
    .string()
    .required('Identity token is required')
    .max(ID_TOKEN_MAX, `Must be at most ${ID_TOKEN_MAX} characters`),
  email: yup.string().max(SHORT_TEXT_MAX).nullable().optional(),
  azureId: yup.string().max(SHORT_TEXT_MAX).nullable().optional(),
  tenantId: yup.string().max(SHORT_TEXT_MAX).nullable().optional(),
  nonce: yup.string().max(SHORT_TEXT_MAX).nullable().optional(),
});
