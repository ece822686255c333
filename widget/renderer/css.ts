/**
 * Everything the renderer's shadow root needs as one stylesheet: the design tokens and the
 * renderer's own rules. The widget and the dashboard's preview put the same text in a <style>.
 */
import tokensCss from '@tokens/tokens.css?inline';
import rendererCss from './styles.css?inline';

/**
 * tokens.css declares its properties on :root, which matches nothing inside a shadow tree; on
 * :host they are set on the survey's own host, whatever the page around it declares. Its
 * [data-theme="dark"] block matches nothing in here: a survey wears its own colours, not the
 * dashboard's mode.
 */
export const RENDERER_CSS = tokensCss.replace(/:root/g, ':host') + rendererCss;
