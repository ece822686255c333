/**
 * The survey routes: /api/surveys (drafts, publishing, published surveys, themes, logos), a
 * company's global identifier settings under /api/companies/:id, and the override logs under
 * /api/admin. The company always comes from the row a path names or from the caller (a global
 * admin's companyFilter), never from a body.
 */
import type { Router } from '@koa/router';
import { companyFilterQuery } from '@domain/params';
import {
  displayTriggersBodySchema,
  draftBodySchema,
  embedSettingsBodySchema,
  globalIdentifiersBodySchema,
  overrideLogBodySchema,
  publishBodySchema,
  renameDraftSchema,
  savedThemeBodySchema,
  statusBodySchema,
} from '@domain/survey/schemas';
import type { DisplayTriggers, EmbedSettings, Survey } from '@domain/survey/types';
import { Company, PublishedSurvey, SavedTheme, SurveyDraft } from '../../entities';
import { userActorOf } from '../../middleware/auth';
import { companyToList, findInReach, inReach } from '../../middleware/tenant';
import { queryOf, validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppContext, AppState } from '../../types';
import { COMPANY_NOT_FOUND } from '../companies';
import type { IdentifierService } from './identifiers';
import { receiveLogo } from './logos';
import { DRAFT_NOT_FOUND, SURVEY_NOT_FOUND, THEME_NOT_FOUND } from './present';
import type { SurveyService } from './service';

const companyFilterOf = (ctx: AppContext) => queryOf(ctx, companyFilterQuery).companyFilter;

// The surveys API's route table, one line or short block per route, read top to bottom like the API.
function surveyRoutes(surveys: SurveyService): Router<AppState> {
  const routes = new ApiRouter('/api/surveys');
  const draft = inReach(SurveyDraft, DRAFT_NOT_FOUND);
  const published = inReach(PublishedSurvey, SURVEY_NOT_FOUND);
  const theme = inReach(SavedTheme, THEME_NOT_FOUND);

  routes.get('/drafts', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await surveys.listDrafts(ctx.state.em, await companyToList(ctx));
  });

  routes.post('/drafts', { query: companyFilterQuery }, async (ctx) => {
    const input = await validateBody(draftBodySchema, ctx.request.body);
    ctx.body = await surveys.createDraft(ctx.state.em, userActorOf(ctx), companyFilterOf(ctx), { name: input.name, survey: input.survey as Survey });
    ctx.status = 201;
  });

  routes.get('/drafts/:id', draft, (ctx) => {
    ctx.body = surveys.presentDraft(draft.of(ctx));
  });

  routes.put('/drafts/:id', draft, async (ctx) => {
    const input = await validateBody(draftBodySchema, ctx.request.body);
    ctx.body = await surveys.updateDraft(ctx.state.em, draft.of(ctx), { name: input.name, survey: input.survey as Survey });
  });

  routes.patch('/drafts/:id/name', draft, async (ctx) => {
    const { name } = await validateBody(renameDraftSchema, ctx.request.body);
    ctx.body = await surveys.renameDraft(ctx.state.em, draft.of(ctx), name);
  });

  routes.delete('/drafts/:id', draft, async (ctx) => {
    await surveys.removeDraft(ctx.state.em, draft.of(ctx));
    ctx.status = 204;
  });

  routes.post('/publish', { query: companyFilterQuery }, async (ctx) => {
    const input = await validateBody(publishBodySchema, ctx.request.body);
    ctx.body = await surveys.publish(ctx.state.em, userActorOf(ctx), companyFilterOf(ctx), input);
    ctx.status = 201;
  });

  routes.get('/published', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await surveys.listPublished(ctx.state.em, await companyToList(ctx));
  });

  routes.get('/published/:id', published, async (ctx) => {
    ctx.body = await surveys.presentSurvey(ctx.state.em, published.of(ctx));
  });

  // Reach first, then the body: another company's id is a 404 whatever is sent.
  routes.put('/published/:id/status', published, async (ctx) => {
    const input = await validateBody(statusBodySchema, ctx.request.body);
    ctx.body = await surveys.setStatus(ctx.state.em, published.of(ctx), input);
  });

  routes.put('/published/:id/embed-settings', published, async (ctx) => {
    const { settings } = await validateBody(embedSettingsBodySchema, ctx.request.body);
    ctx.body = await surveys.setEmbedSettings(ctx.state.em, published.of(ctx), settings as EmbedSettings);
  });

  routes.put('/published/:id/display-triggers', published, async (ctx) => {
    const { displayTriggers } = await validateBody(displayTriggersBodySchema, ctx.request.body);
    ctx.body = await surveys.setDisplayTriggers(ctx.state.em, published.of(ctx), displayTriggers as DisplayTriggers);
  });

  routes.get('/published/:id/audience-targets', published, async (ctx) => {
    ctx.body = await surveys.audienceTargets(ctx.state.em, published.of(ctx));
  });

  routes.delete('/published/:id', published, async (ctx) => {
    await surveys.removePublished(ctx.state.em, published.of(ctx));
    ctx.status = 204;
  });

  routes.get('/themes', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await surveys.listThemes(ctx.state.em, await companyToList(ctx));
  });

  routes.post('/themes', { query: companyFilterQuery }, async (ctx) => {
    const input = await validateBody(savedThemeBodySchema, ctx.request.body);
    ctx.body = await surveys.createTheme(ctx.state.em, userActorOf(ctx), companyFilterOf(ctx), input);
    ctx.status = 201;
  });

  routes.delete('/themes/:id', theme, async (ctx) => {
    await surveys.removeTheme(ctx.state.em, theme.of(ctx));
    ctx.status = 204;
  });

  // The company is settled before the upload is read: a refused caller sends no bytes to store.
  routes.post('/logos', { query: companyFilterQuery }, async (ctx) => {
    const companyId = await surveys.companyForNew(ctx.state.em, userActorOf(ctx), companyFilterOf(ctx));
    const image = await receiveLogo(ctx);
    ctx.body = await surveys.storeLogo(ctx.state.em, companyId, image);
    ctx.status = 201;
  });

  return routes.router;
}

function globalIdentifierRoutes(identifiers: IdentifierService): Router<AppState> {
  const routes = new ApiRouter('/api/companies');
  const company = inReach(Company, COMPANY_NOT_FOUND);

  routes.get('/:id/global-identifiers', company, async (ctx) => {
    ctx.body = await identifiers.read(ctx.state.em, company.of(ctx));
  });

  routes.put('/:id/global-identifiers', company, async (ctx) => {
    const { globalIdentifiers } = await validateBody(globalIdentifiersBodySchema, ctx.request.body);
    ctx.body = await identifiers.save(ctx.state.em, company.of(ctx), globalIdentifiers);
  });

  return routes.router;
}

function overrideLogRoutes(identifiers: IdentifierService): Router<AppState> {
  const routes = new ApiRouter('/api/admin/override-logs');

  routes.get('/', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await identifiers.list(ctx.state.em, await companyToList(ctx));
  });

  routes.post('/', async (ctx) => {
    const actor = userActorOf(ctx);
    const input = await validateBody(overrideLogBodySchema, ctx.request.body);
    const survey = await findInReach(ctx.state.em, actor, PublishedSurvey, input.surveyId, SURVEY_NOT_FOUND);
    ctx.body = await identifiers.log(ctx.state.em, actor, survey, input);
    ctx.status = 201;
  });

  return routes.router;
}

export function createSurveyRouters(surveys: SurveyService, identifiers: IdentifierService): Array<Router<AppState>> {
  return [surveyRoutes(surveys), globalIdentifierRoutes(identifiers), overrideLogRoutes(identifiers)];
}
