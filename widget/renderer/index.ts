/**
 * The widget's renderer bundle (widget/vite.config.ts builds it with Preact): mounts the survey
 * in a shadow root, with the same stylesheet the dashboard's preview uses, so neither the host
 * page's CSS nor the survey's can reach the other.
 */
import { h, render, type FunctionComponent } from 'preact';
import { RENDERER_CSS } from './css';
import { SurveyRenderer, type SurveyRendererProps } from './SurveyRenderer';

export type { SurveyRendererProps } from './SurveyRenderer';
export { RENDERER_CSS } from './css';

export interface MountedSurvey {
  /** Renders again with new props (answers typed so far are kept). */
  update: (props: SurveyRendererProps) => void;
  unmount: () => void;
}

const STYLE_MARK = 'data-nv-styles';

/**
 * Mounts a survey into `target`: a shadow root, or an element that hosts one (its open shadow
 * root, attached when it has none).
 */
export function mountSurvey(target: ShadowRoot | Element, props: SurveyRendererProps): MountedSurvey {
  const root = target instanceof ShadowRoot ? target : (target.shadowRoot ?? target.attachShadow({ mode: 'open' }));
  if (!root.querySelector(`style[${STYLE_MARK}]`)) {
    const style = document.createElement('style');
    style.setAttribute(STYLE_MARK, '');
    style.textContent = RENDERER_CSS;
    root.append(style);
  }
  const container = document.createElement('div');
  root.append(container);
  // SurveyRenderer is typed with React's types; in this build `react` is preact/compat, so the
  // same function is a Preact component.
  const component = SurveyRenderer as unknown as FunctionComponent<SurveyRendererProps>;
  const draw = (next: SurveyRendererProps) => render(h(component, next), container);
  draw(props);
  return {
    update: draw,
    unmount: () => {
      render(null, container);
      container.remove();
    },
  };
}
