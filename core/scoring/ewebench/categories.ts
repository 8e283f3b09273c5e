import type { Bilingual } from '../../i18n/locale';

/**
 * The ten ÈwéBench categories in the harness's order (the order its weighted sum runs in), with their weights as
 * the harness writes them (fractions, not percentages) and display names in both languages.
 */
export const CATEGORIES: readonly { stem: string; weight: number; name: Bilingual }[] = [
  { stem: 'linguistic_comprehension', weight: 0.15, name: { en: 'Linguistic comprehension', fr: 'Compréhension linguistique' } },
  { stem: 'text_generation', weight: 0.15, name: { en: 'Text generation', fr: 'Génération de texte' } },
  { stem: 'reasoning', weight: 0.12, name: { en: 'Reasoning', fr: 'Raisonnement' } },
  { stem: 'translation', weight: 0.12, name: { en: 'Translation', fr: 'Traduction' } },
  { stem: 'cultural_knowledge', weight: 0.1, name: { en: 'Cultural knowledge', fr: 'Connaissance culturelle' } },
  { stem: 'instruction_following', weight: 0.1, name: { en: 'Instruction following', fr: 'Suivi d’instructions' } },
  { stem: 'multi_turn', weight: 0.08, name: { en: 'Multi-turn', fr: 'Multi-tour' } },
  { stem: 'agentic', weight: 0.08, name: { en: 'Agentic', fr: 'Agentique' } },
  { stem: 'style_adaptation', weight: 0.05, name: { en: 'Style adaptation', fr: 'Adaptation stylistique' } },
  { stem: 'robustness', weight: 0.05, name: { en: 'Robustness', fr: 'Robustesse' } },
];

export function categoryOf(stem: string) {
  return CATEGORIES.find((c) => c.stem === stem);
}
