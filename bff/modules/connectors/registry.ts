/**
 * Every pulling connector by catalogue id. A catalogue id with a settings definition but no entry
 * here (webhook, segment) receives its records instead of pulling them. Add a connector by
 * importing it and listing it below; an HTTP vendor is a declarative manifest run by
 * declarative/engine.ts (vendors/hubspot.ts is one without any code of its own).
 */
import { mysqlConnector, postgresqlConnector } from './database';
import { graphqlConnector } from './graphql';
import { restConnector } from './rest';
import type { Connector } from './types';
import { amazonS3Connector } from './vendors/amazonS3';
import { calendlyConnector } from './vendors/calendly';
import { googleAnalyticsConnector } from './vendors/googleAnalytics';
import { hubspotConnector } from './vendors/hubspot';
import { mailchimpConnector } from './vendors/mailchimp';
import { salesforceConnector } from './vendors/salesforce';
import { shopifyConnector } from './vendors/shopify';
import { stripeConnector } from './vendors/stripe';
import { wordpressConnector } from './vendors/wordpress';
// commerce
import { bigcommerceConnector } from './vendors/bigcommerce';
import { paypalConnector } from './vendors/paypal';
import { pipedriveConnector } from './vendors/pipedrive';
import { squareConnector } from './vendors/square';
import { woocommerceConnector } from './vendors/woocommerce';
// analytics
import { notionConnector } from './vendors/notion';
import { airtableConnector } from './vendors/airtable';
import { matomoConnector } from './vendors/matomo';
import { mixpanelConnector } from './vendors/mixpanel';
import { amplitudeConnector } from './vendors/amplitude';
import { adobeAnalyticsConnector } from './vendors/adobeAnalytics';
// content
import { klaviyoConnector } from './vendors/klaviyo';
import { sendgridConnector } from './vendors/sendgrid';
import { contentfulConnector } from './vendors/contentful';
import { googleDriveConnector } from './vendors/googleDrive';
import { dropboxConnector } from './vendors/dropbox';
import { youtubeConnector } from './vendors/youtube';

const CONNECTORS: Connector[] = [restConnector, graphqlConnector, postgresqlConnector, mysqlConnector, shopifyConnector, wordpressConnector, amazonS3Connector, googleAnalyticsConnector, salesforceConnector, stripeConnector, calendlyConnector, mailchimpConnector, hubspotConnector, pipedriveConnector, squareConnector, woocommerceConnector, bigcommerceConnector, paypalConnector, notionConnector, airtableConnector, matomoConnector, klaviyoConnector, sendgridConnector, contentfulConnector, googleDriveConnector, dropboxConnector, youtubeConnector, mixpanelConnector, amplitudeConnector, adobeAnalyticsConnector];

const BY_CATALOGUE_ID = new Map<string, Connector>(CONNECTORS.map((connector) => [connector.catalogueId, connector]));

export function connectorFor(catalogueId: string): Connector | undefined {
  return BY_CATALOGUE_ID.get(catalogueId);
}
