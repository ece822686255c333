/**
 * The signed-in user's own profile: its text fields and its photo.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { UserProfileInput } from '@domain/auth/schemas';
import type { SessionUser } from '@domain/auth/types';
import { User } from '../../entities';
import type { UserActor } from '../../types';
import { createStoredImage, deleteStoredFile, type CheckedImage } from '../files';
import { presentSessionUser } from './present';

/** Optional profile text: absent keeps the stored value, null or blank clears it. */
function nextValue(value: string | null | undefined, current: string | null): string | null {
  if (value === undefined) return current;
  return value === null || value.trim() === '' ? null : value;
}

/** The signed-in user's own row, loaded to be changed (the request's actor is a read-only snapshot). */
function ownRecord(em: EntityManager, actor: UserActor): Promise<User> {
  return em.findOneOrFail(User, { id: actor.id });
}

export async function updateProfile(em: EntityManager, actor: UserActor, input: UserProfileInput): Promise<SessionUser> {
  const user = await ownRecord(em, actor);
  user.profileName = input.profileName;
  user.phone = nextValue(input.phone, user.phone);
  user.department = nextValue(input.department, user.department);
  user.jobTitle = nextValue(input.jobTitle, user.jobTitle);
  user.bio = nextValue(input.bio, user.bio);
  await em.flush();
  return presentSessionUser(user);
}

export async function setPhoto(em: EntityManager, actor: UserActor, image: CheckedImage): Promise<SessionUser> {
  const user = await ownRecord(em, actor);
  await em.transactional(async (em) => {
    const previous = user.photoFileId;
    user.photoFileId = createStoredImage(em, user.companyId, 'user_photo', image).id;
    await em.flush();
    await deleteStoredFile(em, previous);
  });
  return presentSessionUser(user);
}

export async function removePhoto(em: EntityManager, actor: UserActor): Promise<SessionUser> {
  const user = await ownRecord(em, actor);
  await em.transactional(async (em) => {
    const previous = user.photoFileId;
    user.photoFileId = null;
    await em.flush();
    await deleteStoredFile(em, previous);
  });
  return presentSessionUser(user);
}
