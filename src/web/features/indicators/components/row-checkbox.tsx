import classes from './row-checkbox.module.css';

/**
 * The catalogue's checkbox: a native one in the theme's colour. The list redraws dozens of them
 * on every scroll and filter keystroke, and Mantine's, with its wrappers and icon, made up a
 * measurable share of the catalogue's first drawing (npm run bench -- web).
 */
export function RowCheckbox(props: {
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  const indeterminate = props.indeterminate ?? false;
  return (
    <input
      type="checkbox"
      className={classes.check}
      checked={props.checked}
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      aria-label={props.label}
    />
  );
}
