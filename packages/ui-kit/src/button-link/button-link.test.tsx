import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkComponentProps } from '../link.js';
import { ButtonLink } from './button-link.js';

/** An app's link component: it prefixes in-app paths. */
const AppLink = ({ href, ...props }: LinkComponentProps) => <a href={`/app${href}`} {...props} />;

function setup(props: Partial<Parameters<typeof ButtonLink>[0]> = {}) {
  render(
    <ButtonLink href="/" {...props}>
      На главную
    </ButtonLink>,
  );
  return screen.getByRole('link', { name: 'На главную' });
}

describe('ButtonLink', () => {
  it('is a link to its address, named by its text', () => {
    expect(setup({ href: 'mailto:support@kadr.example' })).toHaveAttribute(
      'href',
      'mailto:support@kadr.example',
    );
  });

  it("renders through the app's link component", () => {
    expect(setup({ LinkComponent: AppLink })).toHaveAttribute('href', '/app/');
  });
});
