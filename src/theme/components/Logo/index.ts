export { Logo, NAVOUT_TAGLINE, type LogoProps } from './Logo';
