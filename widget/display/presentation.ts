/**
 * What the visitor sees: a survey as a modal overlay, inline in the page, or behind a floating
 * button. Each lives in the open shadow root of a <navout-survey> element the widget creates:
 *  - the host's own box is set inline, every property `!important` through the CSSOM, so page rules
 *    such as `* { all: unset }` or `div { display: none !important }` cannot hide or move it;
 *  - styles exist only inside the shadow root, as constructed stylesheets (shadowStyles.ts);
 *  - survey text reaches the page only as text (textContent; the renderer renders text nodes).
 * The shadow root is open: the host page's own scripts and tests can see inside, which a closed
 * root would not prevent anyway (the page owns the window), and accessibility checkers can too.
 */
import type { PublicSurvey } from '@domain/survey/collection';
import type { Answers, ButtonPosition } from '@domain/survey/types';
import type { MountedSurvey, MountOptions, SurveyRendererProps } from '../renderer/index';
import { adoptStyles } from '../shadowStyles';
import { respondentMessage } from './session';

/** What the loader needs of renderer.js (widget/renderer/index.ts). */
export interface RendererModule {
  mountSurvey: (target: ShadowRoot | Element, props: SurveyRendererProps, options?: MountOptions) => MountedSurvey;
  submittedAnswers: (questions: PublicSurvey['survey']['questions'], answers: Answers) => Answers;
}

export const PRESENTATION_LABELS = {
  close: 'Close survey',
} as const;

const HOST_TAG = 'navout-survey';
/** Above everything a page is likely to stack (the largest 32-bit z-index). */
const TOP = '2147483647';
const EDGE = '20px';

const WIDGET_CSS = `
.nvw-backdrop{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;box-sizing:border-box;padding:16px;overflow:auto;background:rgba(15,23,42,.6)}
.nvw-dialog{position:relative;box-sizing:border-box;width:100%;max-width:var(--nvw-max);max-height:100%;overflow:auto;border-radius:var(--nvw-radius);background:var(--nvw-bg);box-shadow:0 12px 40px rgba(0,0,0,.35)}
.nvw-dialog:focus{outline:none}
.nvw-close{position:absolute;top:6px;right:6px;z-index:1;width:36px;height:36px;margin:0;padding:0;border:0;border-radius:50%;background:transparent;color:var(--nvw-fg);font:28px/1 Arial,sans-serif;cursor:pointer}
.nvw-close:hover{background:color-mix(in srgb,var(--nvw-fg) 14%,transparent)}
.nvw-close:focus-visible,.nvw-launch:focus-visible{outline:3px solid currentColor;outline-offset:2px}
.nvw-error{box-sizing:border-box;max-width:var(--nvw-max);margin:8px auto 0;padding:8px 12px;border-radius:4px;background:#c62828;color:#fff;font:600 14px/1.5 Arial,sans-serif}
.nvw-error[hidden]{display:none}
.nvw-launch{box-sizing:border-box;margin:0;border:0;cursor:pointer;padding:var(--nvw-pad);border-radius:var(--nvw-radius);background:var(--nvw-bg);color:var(--nvw-fg);font:600 var(--nvw-size)/1.25 var(--nvw-font);box-shadow:0 4px 14px rgba(0,0,0,.25)}
.nvw-launch:hover{background:var(--nvw-hover)}
@media (forced-colors:active){.nvw-launch,.nvw-dialog{border:1px solid CanvasText}}
`;

export interface PresentationContext {
  document: Document;
  renderer: RendererModule;
  /** The host page's nonce (copied from the widget's script). */
  nonce?: string;
  /** Where the survey's stored logo (/api/files/…) is served: the API's origin. */
  assetBase: string;
}

export interface SurveyHandlers {
  /** Completes the response; a rejection keeps the answers and shows the renderer's retry state. */
  onSubmit: (answers: Answers) => Promise<void>;
  onAnswersChange: (answers: Answers) => void;
}

/** A survey (or its button) on the page. */
export interface Shown {
  readonly host: HTMLElement;
  close: () => void;
}

/** Sets a style property with !important, which beats every page stylesheet. */
function force(element: HTMLElement, properties: Record<string, string>): void {
  for (const [property, value] of Object.entries(properties)) element.style.setProperty(property, value, 'important');
}

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string): HTMLElementTagNameMap[K] {
  const created = doc.createElement(tag);
  created.className = className;
  return created;
}

/** A fresh <navout-survey> host with its shadow root and the widget's stylesheet. */
export function createHost(context: PresentationContext, box: Record<string, string>): { host: HTMLElement; root: ShadowRoot } {
  const host = context.document.createElement(HOST_TAG);
  // `all: initial` first, so the properties after it win; nothing inherited from the page reaches in.
  force(host, { all: 'initial', display: 'block', visibility: 'visible', opacity: '1', ...box });
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root, 'widget', WIDGET_CSS, context.nonce);
  return { host, root };
}

/** The element focused inside shadow roots too (document.activeElement stops at the host). */
function deepActiveElement(doc: Document): HTMLElement | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * The survey's panel: the renderer and, under it, the server's reason when it refused the answers
 * (the renderer itself says they could not be sent, and keeps them).
 */
function mountPanel(context: PresentationContext, root: ShadowRoot, parent: ParentNode, survey: PublicSurvey, handlers: SurveyHandlers): MountedSurvey {
  const doc = context.document;
  const container = element(doc, 'div', 'nvw-panel');
  const failure = element(doc, 'p', 'nvw-error');
  failure.setAttribute('role', 'alert');
  failure.hidden = true;
  parent.append(container, failure);
  setThemeVars(failure, survey);
  const mounted = context.renderer.mountSurvey(
    root,
    {
      survey: survey.survey,
      settings: survey.embedSettings,
      mode: 'live',
      assetBase: context.assetBase,
      onAnswersChange: (answers) => {
        failure.hidden = true;
        handlers.onAnswersChange(answers);
      },
      onSubmit: async (answers) => {
        failure.hidden = true;
        try {
          await handlers.onSubmit(answers);
        } catch (error) {
          const message = respondentMessage(error);
          if (message) {
            failure.textContent = message;
            failure.hidden = false;
          }
          throw error;
        }
      },
    },
    { container, nonce: context.nonce },
  );
  return {
    update: mounted.update,
    unmount: () => {
      mounted.unmount();
      container.remove();
      failure.remove();
    },
  };
}

/** The survey's own colours for the frame around it (close button, dialog background). */
function setThemeVars(target: HTMLElement, survey: PublicSurvey): void {
  const { theme, layout } = survey.embedSettings;
  target.style.setProperty('--nvw-bg', theme.backgroundColor);
  target.style.setProperty('--nvw-fg', theme.textColor);
  target.style.setProperty('--nvw-radius', theme.borderRadius);
  target.style.setProperty('--nvw-max', layout.maxWidth);
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog over the page: Escape or the close button closes it, Tab stays inside, and focus
 * goes back where it was.
 */
export function openOverlay(context: PresentationContext, survey: PublicSurvey, handlers: SurveyHandlers, onClose: () => void): Shown {
  const doc = context.document;
  const returnFocus = deepActiveElement(doc);
  const { host, root } = createHost(context, { position: 'fixed', top: '0', right: '0', bottom: '0', left: '0', 'z-index': TOP });
  const backdrop = element(doc, 'div', 'nvw-backdrop');
  const dialog = element(doc, 'div', 'nvw-dialog');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', survey.survey.title.trim() || survey.name);
  dialog.tabIndex = -1;
  setThemeVars(dialog, survey);
  const closeButton = element(doc, 'button', 'nvw-close');
  closeButton.type = 'button';
  closeButton.setAttribute('aria-label', PRESENTATION_LABELS.close);
  closeButton.textContent = '×';
  dialog.append(closeButton);
  backdrop.append(dialog);
  root.append(backdrop);
  doc.body.append(host);
  const mounted = mountPanel(context, root, dialog, survey, handlers);

  let open = true;
  const keepFocusInside = (event: FocusEvent) => {
    // Focus inside the shadow root reaches the document as the host; anything else left the dialog.
    if (event.target !== host) dialog.focus();
  };
  const close = () => {
    if (!open) return;
    open = false;
    doc.removeEventListener('focusin', keepFocusInside);
    mounted.unmount();
    host.remove();
    if (returnFocus?.isConnected) returnFocus.focus();
    onClose();
  };
  closeButton.addEventListener('click', close);
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (candidate) => !candidate.closest('[hidden]') && !(candidate as HTMLButtonElement).disabled,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = root.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first?.focus();
    }
  });
  dialog.focus();
  doc.addEventListener('focusin', keepFocusInside);
  return { host, close };
}

/** Where an inline survey goes: into `target`, or after the widget's script (in the body). */
export interface InlinePlace {
  target: Element | null;
  script: HTMLScriptElement | null;
}

/** The survey in the page's flow. */
export function mountInline(context: PresentationContext, survey: PublicSurvey, place: InlinePlace, handlers: SurveyHandlers): Shown {
  const { host, root } = createHost(context, { position: 'relative', width: '100%', margin: '0', 'box-sizing': 'border-box' });
  const { target, script } = place;
  if (target) target.append(host);
  // A script in <head> has no place in the page's flow: the end of the body is the nearest.
  else if (script?.parentElement && script.parentElement !== context.document.head) script.after(host);
  else context.document.body.append(host);
  const mounted = mountPanel(context, root, root, survey, handlers);
  return {
    host,
    close: () => {
      mounted.unmount();
      host.remove();
    },
  };
}

const CORNERS: Record<ButtonPosition, [vertical: 'top' | 'bottom', horizontal: 'left' | 'right']> = {
  'bottom-right': ['bottom', 'right'],
  'bottom-left': ['bottom', 'left'],
  'top-right': ['top', 'right'],
  'top-left': ['top', 'left'],
};

/** The floating button of button mode, in its corner, styled as the survey's button settings say. */
export function showLauncher(context: PresentationContext, survey: PublicSurvey, onOpen: () => void): Shown {
  const { button, widget, theme } = survey.embedSettings;
  const [vertical, horizontal] = CORNERS[widget.position] ?? CORNERS['bottom-right'];
  const { host, root } = createHost(context, { position: 'fixed', [vertical]: EDGE, [horizontal]: EDGE, 'z-index': String(Number(TOP) - 1) });
  const launch = element(context.document, 'button', 'nvw-launch');
  launch.type = 'button';
  launch.setAttribute('aria-haspopup', 'dialog');
  launch.textContent = button.text;
  const vars: Record<string, string> = {
    '--nvw-bg': button.backgroundColor,
    '--nvw-fg': button.textColor,
    '--nvw-hover': button.hoverColor,
    '--nvw-radius': button.borderRadius,
    '--nvw-size': button.fontSize,
    '--nvw-pad': button.padding,
    '--nvw-font': `"${theme.fontFamily}", Arial, sans-serif`,
  };
  for (const [name, value] of Object.entries(vars)) launch.style.setProperty(name, value);
  launch.addEventListener('click', onOpen);
  root.append(launch);
  context.document.body.append(host);
  return { host, close: () => host.remove() };
}
