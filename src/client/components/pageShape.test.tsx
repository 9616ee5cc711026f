import { render } from '@testing-library/react';
import { usePageShape } from './pageShape';

function Wide() {
  usePageShape('wide');
  return null;
}

test("a screen's page shape is a class on <body> while any screen that wants it is shown", () => {
  const first = render(<Wide />);
  expect(document.body).toHaveClass('page-wide');
  const second = render(<Wide />);
  first.unmount();
  expect(document.body).toHaveClass('page-wide');
  second.unmount();
  expect(document.body).not.toHaveClass('page-wide');
});
