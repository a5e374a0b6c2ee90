import type { ComponentPropsWithRef } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'text';

export type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: ButtonVariant };

/** A native button in the shop's style; `type` defaults to "button" (not submit). */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}
