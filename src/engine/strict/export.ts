// The strict export: the tool as each target loads it in strict mode, in the target's own envelope.
import { strictToolName } from './names';
import { isObj } from './nodes';
import { strictPlan } from './plan';
import type { StrictTarget } from './targets';
import type { CompiledTool, SchemaNode } from '../types';

/** The tool as the target loads it in strict mode, built from the model-facing schema. */
export function strictExportTool(tool: CompiledTool, target: StrictTarget): SchemaNode {
  const plan = strictPlan(tool, target);
  const name = strictToolName(tool.name, target);
  const description = [tool.summary, ...plan.rootNotes].join(' ');
  switch (target) {
    case 'openai-strict':
      return { type: 'function', function: { name, description, ...(plan.strict ? { strict: true } : {}), parameters: plan.schema } };
    case 'anthropic-strict':
      return { name, description, ...(plan.strict ? { strict: true } : {}), input_schema: plan.schema };
    case 'gemini': {
      // A tool without parameters leaves them out: Gemini refuses an OBJECT with no properties.
      const hasProps = isObj(plan.schema.properties) && Object.keys(plan.schema.properties).length > 0;
      return { name, description, ...(hasProps ? { parameters: plan.schema } : {}) };
    }
  }
}
