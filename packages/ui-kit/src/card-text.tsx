/**
 * The ids that name a titled card's link by all its visible text, title first (WCAG 2.5.3 label in
 * name: «Тихий дом Драма, 2023»); `id` is the card's `useId()`, shared with {@link CardText}.
 */
export function cardLabelledBy(id: string, meta: string): string {
  return meta ? `${id}-title ${id}-meta` : `${id}-title`;
}

/**
 * A titled card's text: the title, then «genre, year» when there is any. The {' '} between them (not
 * rendered in the card's flex column) keeps them two words for axe, not «домДрама».
 */
export function CardText({
  id,
  title,
  meta,
  titleClassName,
  metaClassName,
}: {
  id: string;
  title: string;
  meta: string;
  titleClassName?: string | undefined;
  metaClassName?: string | undefined;
}) {
  return (
    <>
      <span id={`${id}-title`} className={titleClassName}>
        {title}
      </span>{' '}
      {meta && (
        <span id={`${id}-meta`} className={metaClassName}>
          {meta}
        </span>
      )}
    </>
  );
}
