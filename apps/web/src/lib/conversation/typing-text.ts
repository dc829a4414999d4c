/** 'Ada is typing…', 'Ada and Ben are typing…', '3 people are typing…'; empty when nobody is. */
export function typingText(names: string[]): string {
  if (!names.length) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return `${names.length} people are typing…`;
}
