import type { Logger } from 'pino';
import { REQUEST_KIND_LABELS, type ServiceRequest as ServiceRequestView, type ServiceRequestInput } from '@domain/requests';
import { Company, ServiceRequest } from '../../entities';
import type { EntityManager } from '@mikro-orm/core';
import type { UserActor } from '../../types';
import type { Mailer } from '../../platform/mailer';

/** The newest requests the inbox shows. */
const INBOX_SIZE = 500;

function present(request: ServiceRequest, companyName: string): ServiceRequestView {
  return {
    id: request.id,
    kind: request.kind,
    companyId: request.companyId,
    companyName,
    requestedByName: request.requestedByName,
    requestedByEmail: request.requestedByEmail,
    subject: request.subject,
    link: request.link,
    contactEmail: request.contactEmail,
    message: request.message,
    createdAt: request.createdAt.toISOString(),
  };
}

function mailText(request: ServiceRequestView): string {
  return [
    `${REQUEST_KIND_LABELS[request.kind]} request from ${request.companyName}`,
    `From: ${request.requestedByName ?? ''} <${request.requestedByEmail ?? ''}>`,
    `Subject: ${request.subject}`,
    request.link ? `Link: ${request.link}` : null,
    request.contactEmail ? `Reply to: ${request.contactEmail}` : null,
    request.message ? `\n${request.message}` : null,
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/**
 * The requests inbox. Every request is stored first (nothing is lost when mail is down), then
 * e-mailed to the sales address when SMTP and SALES_EMAIL are configured.
 */
export function createRequestService({ mailer, salesEmail, logger }: { mailer: Mailer | null; salesEmail: string | null; logger: Logger }) {
  return {
    async create(em: EntityManager, actor: UserActor, input: ServiceRequestInput): Promise<ServiceRequestView> {
      const request = em.create(ServiceRequest, {
        companyId: actor.companyId,
        kind: input.kind,
        subject: input.subject,
        link: input.link || null,
        contactEmail: input.contactEmail || null,
        message: input.message || null,
        requestedById: actor.id,
        requestedByName: actor.user.name,
        requestedByEmail: actor.user.email,
      });
      await em.flush();
      const view = present(request, actor.company.name);
      if (mailer && salesEmail) {
        mailer
          .send({ to: salesEmail, subject: `[Navout] ${REQUEST_KIND_LABELS[view.kind]}: ${view.subject}`, text: mailText(view) })
          .catch((failure: unknown) => logger.error({ err: failure, requestId: view.id }, 'Request e-mail failed; it stays in the inbox'));
      }
      return view;
    },

    async list(em: EntityManager): Promise<ServiceRequestView[]> {
      const requests = await em.find(ServiceRequest, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: INBOX_SIZE });
      const companies = await em.find(Company, { id: { $in: [...new Set(requests.map((request) => request.companyId))] } }, { fields: ['id', 'name'] });
      const names = new Map(companies.map((company) => [company.id, company.name]));
      return requests.map((request) => present(request, names.get(request.companyId) ?? ''));
    },
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
