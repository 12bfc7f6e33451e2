import classes from './shell.module.css';

/** Hides an element on paper (print): search boxes, prompts and other controls around a page's result. */
export const SCREEN_ONLY = classes.screenOnly;
