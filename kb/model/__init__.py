"""The knowledge model: the shape of the content (pydantic models in kb.model.schema), entries joining facts
to their prose, the catalog and its queries, the records behind each overview, related items, labels.

Owns: what an issue, item, topic, entity, claim or watch entry is, and every enum of the content.
May import: kb.base, kb.project, kb.markup.
"""
