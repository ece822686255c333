/**
 * Published surveys: start and stop with end conditions, which the server's clock ends whatever
 * the client shows; styling and targeting checked by the shared schemas; saved themes; logos.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOGO, DEFAULT_THEME, defaultDisplayTriggers, defaultEmbedSettings } from '@domain/survey/defaults';
import { LOGO_MESSAGES, PUBLISHED_MESSAGES, TARGETING_MESSAGES, THEME_MESSAGES } from '@domain/survey/messages';
import type { DisplayTriggers, EmbedSettings, PublishedSurvey as PublishedSurveyView, SavedTheme } from '@domain/survey/types';
import { MB } from '@domain/limits';
import { PublishedSurvey, StoredFile } from '@bff/entities';
import { addResponses } from './support/responses';
import { addPublished } from './support/surveys';
import { PNG_BYTES, SVG_BYTES, useWorld, type Person, type World } from './support/world';

const START = new Date('2026-06-15T12:00:00.000Z');
const DAY_MS = 86_400_000;
let now = new Date(START);

describe('published surveys', () => {
  const world = useWorld({ dependencies: { clock: () => new Date(now) } });
  const as = (who: Person) => world().bearer(who);
  afterEach(() => {
    now = new Date(START);
  });

  const path = (survey: { id: string }, suffix = '') => `/api/surveys/published/${survey.id}${suffix}`;
  const setStatus = (w: World, survey: { id: string }, body: object, who: Person = 'alice') =>
    w.http.put(path(survey, '/status')).set(as(who)).send(body);
  async function statusOf(w: World, survey: { id: string }): Promise<{ single: string; listed: string }> {
    const single = await w.http.get(path(survey)).set(as('alice'));
    const list = await w.http.get('/api/surveys/published').set(as('alice'));
    const listed = (list.body as PublishedSurveyView[]).find((item) => item.id === survey.id);
    return { single: single.body.status, listed: listed!.status };
  }

  describe('start and stop', () => {
    it('starts with a date, a number of days or of responses, and stops', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id);
      const cases: Array<[value: string | number, stored: string | number, type: string, status: string]> = [
        ['2026-07-15', '2026-07-15', 'date', 'active'],
        ['2026-06-15', '2026-06-15', 'date', 'active'],
        [14, 14, 'days', 'active'],
        ['30', 30, 'days', 'active'],
        [250, 250, 'responses', 'active'],
      ];
      for (const [value, stored, type, status] of cases) {
        const started = await setStatus(w, survey, { status: 'active', endCondition: { type, value } });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        expect(started.body).toMatchObject({ status, endCondition: { type, value: stored }, startedAt: START.toISOString() });
      }
      const stopped = await setStatus(w, survey, { status: 'inactive' });
      expect(stopped.status).toBe(200);
      expect(stopped.body.status).toBe('inactive');
      expect((await w.em().findOneOrFail(PublishedSurvey, { id: survey.id })).status).toBe('inactive');
    });

    const INVALID: Array<[type: string, value: unknown, message: string]> = [
      ['date', '2026-06-13', PUBLISHED_MESSAGES.endDateRequired],
      ['date', '', PUBLISHED_MESSAGES.endDateRequired],
      ['date', '2026-02-30x', PUBLISHED_MESSAGES.endDateRequired],
      ['date', '15/07/2026', PUBLISHED_MESSAGES.endDateRequired],
      ['days', 0, PUBLISHED_MESSAGES.daysInvalid],
      ['days', -3, PUBLISHED_MESSAGES.daysInvalid],
      ['days', 1.5, PUBLISHED_MESSAGES.daysInvalid],
      ['days', 'ten', PUBLISHED_MESSAGES.daysInvalid],
      ['days', '', PUBLISHED_MESSAGES.daysInvalid],
      ['responses', 0, PUBLISHED_MESSAGES.responsesInvalid],
      ['responses', '2.5', PUBLISHED_MESSAGES.responsesInvalid],
      ['responses', -1, PUBLISHED_MESSAGES.responsesInvalid],
    ];
    it.each(INVALID)('refuses a %s end condition of %j with its message', async (type, value, message) => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id);
      const response = await setStatus(w, survey, { status: 'active', endCondition: { type, value } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed', error: message, message });
      const row = await w.em().findOneOrFail(PublishedSurvey, { id: survey.id });
      expect(row.status).toBe('inactive');
      expect(row.endCondition).toBeNull();
    });

    it('accepts a date while it is still that day somewhere, and refuses one over everywhere, an impossible date or an absurd count', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id);
      const start = (value: string | number, type = 'date') => setStatus(w, survey, { status: 'active', endCondition: { type, value } });
      // At 11:59 UTC it is still June 14 in UTC-12.
      now = new Date('2026-06-15T11:59:00.000Z');
      expect((await start('2026-06-14')).status).toBe(200);
      // From noon UTC, June 14 is over on every calendar.
      now = new Date('2026-06-15T12:00:00.000Z');
      const past = await start('2026-06-14');
      expect(past.status).toBe(400);
      expect(past.body).toMatchObject({ error: 'Please select an end date', fields: { 'endCondition.value': 'Please select an end date' } });
      expect((await start('2099-02-30')).status).toBe(400);
      expect((await start(1_000_000_000, 'days')).body.error).toBe('Please enter a valid number of days');
      expect((await start('1000000000000', 'responses')).body.error).toBe('Please enter a valid number of responses');
    });

    it('refuses a start without an end condition, and a status or type it does not know', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id);
      const bare = await setStatus(w, survey, { status: 'active' });
      expect(bare.status).toBe(400);
      expect(bare.body.error).toBe('Choose an end condition to start the survey');
      expect((await setStatus(w, survey, { status: 'paused' })).status).toBe(400);
      expect((await setStatus(w, survey, { status: 'active', endCondition: { type: 'forever', value: 1 } })).status).toBe(400);
      expect((await setStatus(w, survey, { status: 'active', endCondition: { type: 'days', value: true } })).status).toBe(400);
    });

    it('turns a survey inactive after its end date, in the list and alone', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id);
      expect((await setStatus(w, survey, { status: 'active', endCondition: { type: 'date', value: '2026-06-16' } })).body.status).toBe('active');
      // The day is over everywhere at noon UTC the next day (midnight in UTC-12).
      now = new Date('2026-06-17T11:59:59.999Z');
      expect(await statusOf(w, survey)).toEqual({ single: 'active', listed: 'active' });
      now = new Date('2026-06-17T12:00:00.000Z');
      expect(await statusOf(w, survey)).toEqual({ single: 'inactive', listed: 'inactive' });
      // The stored choice is unchanged: only the answer says it has ended.
      expect((await w.em().findOneOrFail(PublishedSurvey, { id: survey.id })).status).toBe('active');
    });

    it('reads an end date set in the past as ended whatever the stored status', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id, {
        status: 'active',
        endCondition: { type: 'date', value: '2026-06-01' },
        startedAt: new Date('2026-05-01T00:00:00Z'),
      });
      expect(await statusOf(w, survey)).toEqual({ single: 'inactive', listed: 'inactive' });
    });

    it('turns a survey inactive after its number of days, counted from the start', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id);
      await setStatus(w, survey, { status: 'active', endCondition: { type: 'days', value: 2 } });
      now = new Date(START.getTime() + 2 * DAY_MS - 1);
      expect(await statusOf(w, survey)).toEqual({ single: 'active', listed: 'active' });
      now = new Date(START.getTime() + 2 * DAY_MS);
      expect(await statusOf(w, survey)).toEqual({ single: 'inactive', listed: 'inactive' });

      // Starting again counts the days from the new start.
      const restarted = await setStatus(w, survey, { status: 'active', endCondition: { type: 'days', value: 2 } });
      expect(restarted.body).toMatchObject({ status: 'active', startedAt: now.toISOString() });
    });

    it('turns a survey inactive once it has its number of responses', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id);
      await setStatus(w, survey, { status: 'active', endCondition: { type: 'responses', value: 5 } });
      // Stored completed responses count; partial ones do not.
      await addResponses(w, survey, 4);
      await addResponses(w, survey, 3, { complete: false });
      expect(await statusOf(w, survey)).toEqual({ single: 'active', listed: 'active' });
      await addResponses(w, survey, 1);
      expect(await statusOf(w, survey)).toEqual({ single: 'inactive', listed: 'inactive' });
      expect((await w.http.get(path(survey)).set(as('alice'))).body.responseCount).toBe(5);
    });

    it('lists each caller their company\'s surveys, newest first, and deletes one', async () => {
      const w = world();
      const older = await addPublished(w, w.companies.acme.id, { publishedAt: new Date('2026-06-01T00:00:00Z') });
      const newer = await addPublished(w, w.companies.acme.id, { publishedAt: new Date('2026-06-10T00:00:00Z') });
      const globex = await addPublished(w, w.companies.globex.id);
      const acmeList = (await w.http.get('/api/surveys/published').set(as('alice'))).body as PublishedSurveyView[];
      expect(acmeList.every((item) => item.companyId === w.companies.acme.id && item.companyName === 'Acme Retail')).toBe(true);
      const ids = acmeList.map((item) => item.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      const filtered = (await w.http.get('/api/surveys/published').query({ companyFilter: w.companies.globex.id }).set(as('admin'))).body as PublishedSurveyView[];
      expect(filtered.map((item) => item.id)).toContain(globex.id);
      expect(filtered.every((item) => item.companyId === w.companies.globex.id)).toBe(true);

      expect((await w.http.delete(path(globex)).set(as('alice'))).status).toBe(404);
      expect((await w.http.delete(path(older)).set(as('alice'))).status).toBe(204);
      expect((await w.http.get(path(older)).set(as('alice'))).status).toBe(404);
    });
  });

  describe('styling and targeting', () => {
    it('saves embed settings checked by embedSettingsSchema', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id);
      const settings: EmbedSettings = defaultEmbedSettings();
      settings.theme.primaryColor = '#0f766e';
      settings.widget.position = 'bottom-left';
      settings.button.text = 'Tell us';
      const saved = await w.http.put(path(survey, '/embed-settings')).set(as('alice')).send({ settings });
      expect(saved.status).toBe(200);
      expect(saved.body.embedSettings).toEqual({ settings });

      const injected = structuredClone(settings);
      injected.theme.backgroundColor = '#fff;background:url(https://evil.example/x)';
      const colour = await w.http.put(path(survey, '/embed-settings')).set(as('alice')).send({ settings: injected });
      expect(colour.status).toBe(400);
      expect(colour.body.fields).toHaveProperty(['settings.theme.backgroundColor']);
      const lengthInjection = structuredClone(settings);
      lengthInjection.layout.padding = '0;}*{display:none';
      expect((await w.http.put(path(survey, '/embed-settings')).set(as('alice')).send({ settings: lengthInjection })).status).toBe(400);
      const radius = structuredClone(settings);
      radius.theme.borderRadius = '21px';
      expect((await w.http.put(path(survey, '/embed-settings')).set(as('alice')).send({ settings: radius })).body.error).toBe('Border radius must be 0-20px');
      expect((await w.http.get(path(survey)).set(as('alice'))).body.embedSettings).toEqual({ settings });
    });

    it('saves display triggers checked by displayTriggersSchema, refusing unsafe patterns', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id);
      const triggers: DisplayTriggers = defaultDisplayTriggers();
      triggers.showPercentage = 40;
      triggers.percentageMethod = 'sticky';
      triggers.holdoutPercentage = 10;
      triggers.cooldownDays = 14;
      triggers.pageTargeting = { enabled: true, urlPatterns: ['^/checkout/(step-[0-9]+)$'], matchType: 'regex' };
      const saved = await w.http.put(path(survey, '/display-triggers')).set(as('alice')).send({ displayTriggers: triggers });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.display_triggers).toEqual(triggers);

      const put = (displayTriggers: DisplayTriggers) => w.http.put(path(survey, '/display-triggers')).set(as('alice')).send({ displayTriggers });
      const zero = await put({ ...triggers, showPercentage: 0 });
      expect(zero.status).toBe(400);
      expect(zero.body.fields).toHaveProperty(['displayTriggers.showPercentage']);

      const unsafe = await put({ ...triggers, pageTargeting: { enabled: true, urlPatterns: ['(a+)+$'], matchType: 'regex' } });
      expect(unsafe.status).toBe(400);
      expect(unsafe.body.error).toBe(TARGETING_MESSAGES.unsafeRegex('(a+)+$'));
      const broken = await put({ ...triggers, pageTargeting: { enabled: true, urlPatterns: ['(unclosed'], matchType: 'regex' } });
      expect(broken.body.error).toBe(TARGETING_MESSAGES.invalidRegex('(unclosed'));
      // The same text is a plain substring under another match type.
      expect((await put({ ...triggers, pageTargeting: { enabled: true, urlPatterns: ['(a+)+$'], matchType: 'contains' } })).status).toBe(200);

      expect((await put({ ...triggers, holdoutPercentage: 51 })).status).toBe(400);
      expect((await put({ ...triggers, deviceTarget: 'tv' as DisplayTriggers['deviceTarget'] })).status).toBe(400);
      expect((await put({ ...triggers, requireIdentifier: true, identifierTypes: [] })).body.error).toBe('Please select at least one identifier type.');

      // "Show again after completion": off unless chosen (settings saved before it existed read as off), carried to the widget's bundle.
      const { showAfterCompletion: _absent, ...older } = triggers;
      expect((await put(older as DisplayTriggers)).body.display_triggers.showAfterCompletion).toBe(false);
      expect((await put({ ...triggers, showAfterCompletion: 'yes' as unknown as boolean })).status).toBe(400);
      expect((await put({ ...triggers, showAfterCompletion: true })).body.display_triggers.showAfterCompletion).toBe(true);
    });

    it('refuses overlapping alternatives under a repetition, and leaves such a stored pattern out of the widget bundle', async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.acme.id, { status: 'active', startedAt: new Date(now) });
      const triggers: DisplayTriggers = { ...defaultDisplayTriggers(), pageTargeting: { enabled: true, urlPatterns: ['(a|a)*$'], matchType: 'regex' } };
      const refused = await w.http.put(path(survey, '/display-triggers')).set(as('alice')).send({ displayTriggers: triggers });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(TARGETING_MESSAGES.unsafeRegex('(a|a)*$'));

      // Saved before the rule existed: the bundle carries only the patterns that pass it today.
      triggers.pageTargeting.urlPatterns = ['(a|a)*$', '^/checkout'];
      await w.em().nativeUpdate(PublishedSurvey, { id: survey.id }, { displayTriggers: triggers });
      const bundle = await w.http.get(`/api/public/companies/${w.companies.acme.id}/surveys`).set('X-Forwarded-For', '203.0.113.77');
      expect(bundle.status).toBe(200);
      const served = (bundle.body.surveys as Array<{ id: string; displayTriggers: DisplayTriggers }>).find((item) => item.id === survey.id);
      expect(served?.displayTriggers.pageTargeting.urlPatterns).toEqual(['^/checkout']);
    });

    it("refuses another company's survey and callers without the write permission", async () => {
      const w = world();
      const survey = await addPublished(w, w.companies.globex.id);
      const settings = defaultEmbedSettings();
      expect((await w.http.put(path(survey, '/embed-settings')).set(as('alice')).send({ settings })).status).toBe(404);
      expect((await w.http.put(path(survey, '/display-triggers')).set(as('alice')).send({ displayTriggers: defaultDisplayTriggers() })).status).toBe(404);
      expect((await setStatus(w, survey, { status: 'inactive' }, 'alice')).status).toBe(404);
      expect((await w.http.put(path(survey, '/embed-settings')).set(as('dan')).send({ settings })).status).toBe(403);
      expect((await w.http.put(path(survey, '/embed-settings')).set(as('admin')).send({ settings })).status).toBe(200);
    });
  });

  describe('saved themes', () => {
    const themeBody = (name: string) => ({ name, settings: { theme: { ...DEFAULT_THEME, primaryColor: '#b45309' }, logo: { ...DEFAULT_LOGO } } });

    it('saves, lists and deletes a company\'s themes', async () => {
      const w = world();
      const created = await w.http.post('/api/surveys/themes').set(as('alice')).send(themeBody('  Autumn  '));
      expect(created.status).toBe(201);
      const theme = created.body as SavedTheme & { companyId: string };
      expect(theme).toMatchObject({ name: 'Autumn', companyId: w.companies.acme.id, settings: themeBody('x').settings });

      const globex = await w.http.post('/api/surveys/themes').set(as('carol')).send(themeBody('Clinic'));
      const acmeThemes = (await w.http.get('/api/surveys/themes').set(as('alice'))).body as Array<SavedTheme & { companyId: string }>;
      expect(acmeThemes.map((item) => item.id)).toContain(theme.id);
      expect(acmeThemes.every((item) => item.companyId === w.companies.acme.id)).toBe(true);
      const chosen = (await w.http.get('/api/surveys/themes').query({ companyFilter: w.companies.globex.id }).set(as('admin'))).body as SavedTheme[];
      expect(chosen.map((item) => item.id)).toEqual([globex.body.id]);

      expect((await w.http.delete(`/api/surveys/themes/${globex.body.id}`).set(as('alice'))).status).toBe(404);
      expect((await w.http.delete(`/api/surveys/themes/${theme.id}`).set(as('alice'))).status).toBe(204);
      expect(((await w.http.get('/api/surveys/themes').set(as('alice'))).body as SavedTheme[]).map((item) => item.id)).not.toContain(theme.id);
    });

    it('refuses a theme without a name or with unsafe values', async () => {
      const w = world();
      const unnamed = await w.http.post('/api/surveys/themes').set(as('alice')).send(themeBody('  '));
      expect(unnamed.status).toBe(400);
      expect(unnamed.body.error).toBe(THEME_MESSAGES.nameRequired);
      const body = themeBody('Unsafe');
      body.settings.logo.url = 'javascript:alert(1)';
      const logo = await w.http.post('/api/surveys/themes').set(as('alice')).send(body);
      expect(logo.status).toBe(400);
      expect(logo.body.error).toBe(LOGO_MESSAGES.httpsOnly);
      expect((await w.http.post('/api/surveys/themes').set(as('admin')).send(themeBody('Nobody'))).body.code).toBe('company_required');
    });
  });

  describe('POST /api/surveys/logos', () => {
    const upload = (w: World, who: Person, content: Buffer, filename = 'logo.png', contentType = 'image/png', companyFilter?: string) => {
      const request = w.http.post('/api/surveys/logos').set(as(who));
      return (companyFilter ? request.query({ companyFilter }) : request).attach('file', content, { filename, contentType });
    };

    it('stores an image as a survey logo of the company and serves it', async () => {
      const w = world();
      const response = await upload(w, 'alice', PNG_BYTES);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{32}$/);
      const file = await w.em().findOneOrFail(StoredFile, { id: response.body.url.split('/').pop() });
      expect(file).toMatchObject({ companyId: w.companies.acme.id, kind: 'survey_logo', contentType: 'image/png' });
      const served = await w.http.get(response.body.url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');

      const forGlobex = await upload(w, 'admin', PNG_BYTES, 'logo.png', 'image/png', w.companies.globex.id);
      expect(forGlobex.status).toBe(201);
      expect((await w.em().findOneOrFail(StoredFile, { id: forGlobex.body.url.split('/').pop() })).companyId).toBe(w.companies.globex.id);
    });

    it('refuses what is not an image, whatever it is called', async () => {
      const w = world();
      for (const [content, name, type] of [
        [SVG_BYTES, 'logo.svg', 'image/svg+xml'],
        [Buffer.from('hello'), 'logo.png', 'image/png'],
        [Buffer.alloc(0), 'empty.png', 'image/png'],
      ] as const) {
        const response = await upload(w, 'alice', content, name, type);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'logo_not_image', error: LOGO_MESSAGES.notImage });
      }
    });

    it('takes a logo just under 5 MB and refuses one of 5 MB', async () => {
      const w = world();
      const padded = (size: number) => Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length)]);
      const under = await upload(w, 'alice', padded(5 * MB - 1));
      expect(under.status).toBe(201);
      const files = await w.em().count(StoredFile, { kind: 'survey_logo' });
      const over = await upload(w, 'alice', padded(5 * MB));
      expect(over.status).toBe(413);
      expect(over.body).toMatchObject({ code: 'logo_too_large', error: LOGO_MESSAGES.tooLarge });
      expect(await w.em().count(StoredFile, { kind: 'survey_logo' })).toBe(files);
    });

    it('refuses callers who may not manage surveys and bodies that are not a form', async () => {
      const w = world();
      expect((await upload(w, 'bob', PNG_BYTES)).status).toBe(403);
      expect((await upload(w, 'admin', PNG_BYTES)).body.code).toBe('company_required');
      expect((await upload(w, 'alice', PNG_BYTES, 'logo.png', 'image/png', w.companies.globex.id)).status).toBe(404);
      const raw = await w.http.post('/api/surveys/logos').set(as('alice')).set('Content-Type', 'image/png').send(PNG_BYTES);
      expect(raw.status).toBe(400);
    });
  });
});
