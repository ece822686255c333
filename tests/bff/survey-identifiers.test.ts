/**
 * A company's global identifier requirements, the log of surveys overriding them (with the
 * company's override rules enforced by the server), and a company's deletion taking its surveys.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_IDENTIFIERS, DEFAULT_LOGO, DEFAULT_THEME, defaultDisplayTriggers } from '@domain/survey/defaults';
import { IDENTIFIER_MESSAGES } from '@domain/survey/messages';
import type { DisplayTriggers, GlobalIdentifierSettings, OverrideLog as OverrideLogView } from '@domain/survey/types';
import { CompanySurveySettings, OverrideLog, PublishedSurvey, SavedTheme, StoredFile, SurveyDraft } from '@bff/entities';
import { addDraft, addPublished } from './support/surveys';
import { PNG_BYTES, useWorld, type Person, type World } from './support/world';

const CUSTOM = { requireIdentifier: true, identifierTypes: ['uuid'], identifierFields: { email: 'email', uuid: 'account_id', custom: 'member_no' } };

describe('global identifiers and override logs', () => {
  const world = useWorld();
  const as = (who: Person) => world().bearer(who);
  const identifiersPath = (companyId: string) => `/api/companies/${companyId}/global-identifiers`;
  const save = (w: World, who: Person, companyId: string, globalIdentifiers: GlobalIdentifierSettings) =>
    w.http.put(identifiersPath(companyId)).set(as(who)).send({ globalIdentifiers });
  const logOverride = (w: World, who: Person, body: object) => w.http.post('/api/admin/override-logs').set(as(who)).send(body);

  describe('global identifier settings', () => {
    it('answers the defaults until saved, then the saved settings', async () => {
      const w = world();
      const company = await w.addCompany();
      const admin = await w.addUser(company.id, { role: 'company_admin' });
      const first = await w.http.get(identifiersPath(company.id)).set(w.bearer(admin));
      expect(first.status).toBe(200);
      expect(first.body).toEqual(DEFAULT_GLOBAL_IDENTIFIERS);

      const settings: GlobalIdentifierSettings = {
        ...DEFAULT_GLOBAL_IDENTIFIERS,
        requireIdentifier: true,
        identifierTypes: ['email', 'uuid'],
        identifierFields: { email: 'user_email, contact.email', uuid: 'user_id', custom: 'custom_field' },
        requireOverrideReason: false,
        allowedOverrideTypes: ['email'],
      };
      const saved = await w.http.put(identifiersPath(company.id)).set(w.bearer(admin)).send({ globalIdentifiers: settings });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual(settings);
      expect((await w.http.get(identifiersPath(company.id)).set(w.bearer(admin))).body).toEqual(settings);
      const changed = { ...settings, allowSurveyOverride: false };
      expect((await w.http.put(identifiersPath(company.id)).set(w.bearer(admin)).send({ globalIdentifiers: changed })).body).toEqual(changed);
      expect(await w.em().count(CompanySurveySettings, { companyId: company.id })).toBe(1);
    });

    it('checks the settings with the shared schema', async () => {
      const w = world();
      const noType = await save(w, 'alice', w.companies.acme.id, { ...DEFAULT_GLOBAL_IDENTIFIERS, requireIdentifier: true, identifierTypes: [] });
      expect(noType.status).toBe(400);
      expect(noType.body.error).toBe(IDENTIFIER_MESSAGES.typeRequired);
      const badField = await save(w, 'alice', w.companies.acme.id, {
        ...DEFAULT_GLOBAL_IDENTIFIERS,
        identifierFields: { email: 'user email"><script>', uuid: 'user_id', custom: 'c' },
      });
      expect(badField.status).toBe(400);
      const unknownType = await save(w, 'alice', w.companies.acme.id, {
        ...DEFAULT_GLOBAL_IDENTIFIERS,
        allowedOverrideTypes: ['phone' as 'email'],
      });
      expect(unknownType.status).toBe(400);
    });

    it('lets a company manage its own settings and a global admin any company\'s', async () => {
      const w = world();
      expect((await w.http.get(identifiersPath(w.companies.globex.id)).set(as('alice'))).status).toBe(404);
      expect((await save(w, 'alice', w.companies.globex.id, DEFAULT_GLOBAL_IDENTIFIERS)).status).toBe(404);
      expect((await w.http.get(identifiersPath(w.companies.acme.id)).set(as('bob'))).status).toBe(403);
      expect((await save(w, 'bob', w.companies.acme.id, DEFAULT_GLOBAL_IDENTIFIERS)).status).toBe(403);
      expect((await save(w, 'admin', w.companies.globex.id, DEFAULT_GLOBAL_IDENTIFIERS)).status).toBe(200);
      expect((await w.http.get(identifiersPath(randomUUID())).set(as('admin'))).status).toBe(404);
    });
  });

  describe('override logs', () => {
    /** A company of its own, so its settings and logs are the test's alone. */
    async function arrange(w: World, settings: Partial<GlobalIdentifierSettings> = {}) {
      const company = await w.addCompany();
      const admin = await w.addUser(company.id, { role: 'company_admin', name: 'Olga Override' });
      if (Object.keys(settings).length) {
        expect((await w.http.put(identifiersPath(company.id)).set(w.bearer(admin)).send({ globalIdentifiers: { ...DEFAULT_GLOBAL_IDENTIFIERS, ...settings } })).status).toBe(200);
      }
      const survey = await addPublished(w, company.id, { name: 'Checkout survey' });
      return { company, admin, survey };
    }

    it('records an override with the server\'s user, survey, company, settings and time', async () => {
      const w = world();
      const { company, admin, survey } = await arrange(w);
      const before = Date.now();
      const response = await w.http
        .post('/api/admin/override-logs')
        .set(w.bearer(admin))
        .send({ surveyId: survey.id, overrideReason: '  Checkout users are signed in  ', customSettings: CUSTOM, userId: randomUUID(), surveyName: 'Forged' });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const log = response.body as OverrideLogView;
      expect(log).toMatchObject({
        surveyId: survey.id,
        surveyName: 'Checkout survey',
        userId: admin.id,
        userName: 'Olga Override',
        companyId: company.id,
        globalSettings: DEFAULT_GLOBAL_IDENTIFIERS,
        customSettings: CUSTOM,
        overrideReason: 'Checkout users are signed in',
      });
      expect(Date.parse(log.timestamp)).toBeGreaterThanOrEqual(before - 1_000);
    });

    it('requires a reason when the company does, and only then', async () => {
      const w = world();
      const strict = await arrange(w);
      const missing = await w.http.post('/api/admin/override-logs').set(w.bearer(strict.admin)).send({ surveyId: strict.survey.id, overrideReason: '   ', customSettings: CUSTOM });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ code: 'validation_failed', error: IDENTIFIER_MESSAGES.reasonRequired, fields: { overrideReason: IDENTIFIER_MESSAGES.reasonRequired } });

      const lenient = await arrange(w, { requireOverrideReason: false });
      const accepted = await w.http.post('/api/admin/override-logs').set(w.bearer(lenient.admin)).send({ surveyId: lenient.survey.id, overrideReason: '', customSettings: CUSTOM });
      expect(accepted.status).toBe(201);
      expect(accepted.body.globalSettings.requireOverrideReason).toBe(false);
    });

    it('refuses an override the company does not allow, or of a type it does not allow', async () => {
      const w = world();
      const closed = await arrange(w, { allowSurveyOverride: false });
      const refused = await w.http.post('/api/admin/override-logs').set(w.bearer(closed.admin)).send({ surveyId: closed.survey.id, overrideReason: 'Why not', customSettings: CUSTOM });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'override_not_allowed', error: IDENTIFIER_MESSAGES.overrideNotAllowed });

      const emailOnly = await arrange(w, { allowedOverrideTypes: ['email'] });
      const wrongType = await w.http.post('/api/admin/override-logs').set(w.bearer(emailOnly.admin)).send({ surveyId: emailOnly.survey.id, overrideReason: 'Accounts', customSettings: CUSTOM });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.error).toBe(IDENTIFIER_MESSAGES.typeNotAllowed);
      const noType = await w.http.post('/api/admin/override-logs').set(w.bearer(emailOnly.admin)).send({ surveyId: emailOnly.survey.id, overrideReason: 'None', customSettings: { ...CUSTOM, identifierTypes: [] } });
      expect(noType.body.error).toBe(IDENTIFIER_MESSAGES.typeRequired);
      const allowed = await w.http.post('/api/admin/override-logs').set(w.bearer(emailOnly.admin)).send({ surveyId: emailOnly.survey.id, overrideReason: 'Mail', customSettings: { ...CUSTOM, identifierTypes: ['email'] } });
      expect(allowed.status).toBe(201);
      expect(await w.em().count(OverrideLog, { companyId: { $in: [closed.company.id, emailOnly.company.id] } })).toBe(1);
    });

    it('applies the same rules to a survey\'s saved display triggers', async () => {
      const w = world();
      const put = (admin: Parameters<World['bearer']>[0], id: string, displayTriggers: DisplayTriggers) =>
        w.http.put(`/api/surveys/published/${id}/display-triggers`).set(w.bearer(admin)).send({ displayTriggers });
      const custom: DisplayTriggers = { ...defaultDisplayTriggers(), useCustomIdentifiers: true, requireIdentifier: true, identifierTypes: ['uuid'], overrideReason: '' };

      const closed = await arrange(w, { allowSurveyOverride: false });
      expect((await put(closed.admin, closed.survey.id, { ...custom, overrideReason: 'Signed in' })).body.code).toBe('override_not_allowed');
      // Without the override, the company's rules do not apply to the survey's own fields.
      expect((await put(closed.admin, closed.survey.id, { ...custom, useCustomIdentifiers: false })).status).toBe(200);

      const strict = await arrange(w, { allowedOverrideTypes: ['email', 'uuid'] });
      const noReason = await put(strict.admin, strict.survey.id, custom);
      expect(noReason.status).toBe(400);
      expect(noReason.body.fields).toEqual({ 'displayTriggers.overrideReason': IDENTIFIER_MESSAGES.reasonRequired });
      expect((await put(strict.admin, strict.survey.id, { ...custom, overrideReason: 'Signed in', identifierTypes: ['custom'] })).body.error).toBe(IDENTIFIER_MESSAGES.typeNotAllowed);
      expect((await put(strict.admin, strict.survey.id, { ...custom, overrideReason: 'Signed in' })).status).toBe(200);
    });

    it("answers 404 for another company's survey and lists logs by the caller's reach", async () => {
      const w = world();
      const acmeSurvey = await addPublished(w, w.companies.acme.id);
      const globexSurvey = await addPublished(w, w.companies.globex.id);
      expect((await logOverride(w, 'alice', { surveyId: globexSurvey.id, overrideReason: 'x', customSettings: CUSTOM })).status).toBe(404);
      expect((await logOverride(w, 'alice', { surveyId: randomUUID(), overrideReason: 'x', customSettings: CUSTOM })).status).toBe(404);
      expect((await logOverride(w, 'bob', { surveyId: acmeSurvey.id, overrideReason: 'x', customSettings: CUSTOM })).status).toBe(403);
      const acmeLog = await logOverride(w, 'alice', { surveyId: acmeSurvey.id, overrideReason: 'Acme reason', customSettings: CUSTOM });
      const globexLog = await logOverride(w, 'carol', { surveyId: globexSurvey.id, overrideReason: 'Globex reason', customSettings: CUSTOM });
      const byAdmin = await logOverride(w, 'admin', { surveyId: globexSurvey.id, overrideReason: 'Admin reason', customSettings: CUSTOM });
      expect(byAdmin.body).toMatchObject({ companyId: w.companies.globex.id, companyName: w.companies.globex.name, userName: 'Nora Admin' });
      const everyCompany = (await w.http.get('/api/admin/override-logs').set(as('admin'))).body as OverrideLogView[];
      expect(everyCompany.find((log) => log.id === acmeLog.body.id)?.companyName).toBe(w.companies.acme.name);

      const list = async (who: Person, companyFilter?: string) => {
        const request = w.http.get('/api/admin/override-logs').set(as(who));
        const response = await (companyFilter ? request.query({ companyFilter }) : request);
        expect(response.status).toBe(200);
        return (response.body as OverrideLogView[]).map((log) => log.id);
      };
      const named = await w.http.get('/api/admin/override-logs').query({ companyFilter: w.companies.globex.id }).set(as('alice'));
      expect([named.status, named.body.code]).toEqual([404, 'not_found']);
      const alices = await list('alice', w.companies.acme.id);
      expect(alices).toContain(acmeLog.body.id);
      expect(alices).not.toContain(globexLog.body.id);
      expect(await list('admin')).toEqual(expect.arrayContaining([acmeLog.body.id, globexLog.body.id, byAdmin.body.id]));
      const globexOnly = await list('admin', w.companies.globex.id);
      expect(globexOnly).toEqual(expect.arrayContaining([globexLog.body.id, byAdmin.body.id]));
      expect(globexOnly).not.toContain(acmeLog.body.id);
      expect((await w.http.get('/api/admin/override-logs').set(as('bob'))).status).toBe(403);
    });

    it('keeps the log, without the link, when its survey is deleted', async () => {
      const w = world();
      const { admin, survey } = await arrange(w);
      const log = await w.http.post('/api/admin/override-logs').set(w.bearer(admin)).send({ surveyId: survey.id, overrideReason: 'Kept', customSettings: CUSTOM });
      expect((await w.http.delete(`/api/surveys/published/${survey.id}`).set(w.bearer(admin))).status).toBe(204);
      const listed = ((await w.http.get('/api/admin/override-logs').set(w.bearer(admin))).body as Array<{ id: string; surveyId: string | null; surveyName: string }>).find(
        (item) => item.id === log.body.id,
      );
      expect(listed).toMatchObject({ surveyId: null, surveyName: 'Checkout survey' });
    });
  });

  it('deletes a company with all of its surveys', async () => {
    const w = world();
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'company_admin' });
    await addDraft(w, company.id);
    const survey = await addPublished(w, company.id);
    expect((await w.http.put(identifiersPath(company.id)).set(w.bearer(admin)).send({ globalIdentifiers: DEFAULT_GLOBAL_IDENTIFIERS })).status).toBe(200);
    expect((await w.http.post('/api/admin/override-logs').set(w.bearer(admin)).send({ surveyId: survey.id, overrideReason: 'Gone soon', customSettings: CUSTOM })).status).toBe(201);
    expect((await w.http.post('/api/surveys/themes').set(w.bearer(admin)).send({ name: 'Gone', settings: { theme: DEFAULT_THEME, logo: DEFAULT_LOGO } })).status).toBe(201);
    expect((await w.http.post('/api/surveys/logos').set(w.bearer(admin)).attach('file', PNG_BYTES, { filename: 'logo.png', contentType: 'image/png' })).status).toBe(201);

    const removed = await w.http.delete(`/api/companies/${company.id}`).set(as('admin'));
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    const em = w.em();
    for (const entity of [SurveyDraft, PublishedSurvey, SavedTheme, OverrideLog, CompanySurveySettings, StoredFile] as const) {
      expect(await em.count(entity as typeof SurveyDraft, { companyId: company.id })).toBe(0);
    }
  });
});
