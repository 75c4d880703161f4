"""Words of the topic hubs' charts and their tables (kb.render.charts), per language; kb.model.labels merges them
into LABELS, where every renderer reads them."""
from __future__ import annotations

CHART_LABELS = {
    "zh": {
        "over_time": "数字随时间的变化",
        "chart_factors": "{metric}的倍数：{context}",
        "chart_factors_desc": "{n} 个可以相互比较的{metric}倍数（{context}），按发布日期排列（{start} 至 {end}），"
                              "纵轴为对数刻度的倍数；形状表示来源类型，颜色表示核对状态，空心表示尚未核对。",
        "chart_table": "图中数据",
        "chart_head": ("日期", "倍数", "硬件 · 基准", "来源 · 核对", "条目"),
        "chart_listed": "以下倍数只列出，不画成图：一张图只放指标、单位与基线都相同的倍数，"
                        "而且至少要有 {points} 个、分布在 {dates} 个日期。",
        "chart_listed_caption": "带倍数的数字",
        "chart_crowd": "圆圈中的数字：叠在同一处的数字个数，逐个见表",
        "chart_items": "每季度条目数",
        "chart_items_desc": "本专题每个季度收录的条目数（{start} 至 {end}），最多的季度有 {most} 条。",
        "chart_items_head": ("季度", "条目数"),
        "chart_legend": "图例",
        # what a figure was measured on and against (kb.model.figure_text): its hardware and benchmark, what it is
        # compared with (`versus:`), or that its source does not say
        "context_none": "未注明硬件与基准",
        "versus": "对比 {}",
        "versus_unstated": "来源未说明对比基线",
        "baseline_kind": {"figure": "由基线与结果算出", "factor": "来源写明的倍数"},
        # the charts' axes: short names of months and quarters
        "axis_month": "{year} 年 {m} 月",
        "axis_quarter": "{year} 年 Q{q}",
    },
    "en": {
        "over_time": "Figures over time",
        "chart_factors": "{metric} factors: {context}",
        "chart_factors_desc": "{n} comparable {metric} factors ({context}), by publication date ({start} to {end}), factor "
                              "on a logarithmic scale; the shape is the source kind, the colour the status, hollow unchecked.",
        "chart_table": "The data in the chart",
        "chart_head": ("Date", "Factor", "Hardware · benchmark", "Source · status", "Item"),
        "chart_listed": "These factors are listed, not plotted: a chart holds only factors of the same metric, unit and "
                        "baseline, and at least {points} of them on {dates} dates.",
        "chart_listed_caption": "Figures with a factor",
        "chart_crowd": "A number in a circle: that many figures at one spot, each in the table",
        "chart_items": "Items per quarter",
        "chart_items_desc": "Items of this topic per quarter ({start} to {end}); the busiest quarter has {most}.",
        "chart_items_head": ("Quarter", "Items"),
        "chart_legend": "Legend",
        "context_none": "no hardware or benchmark named",
        "versus": "vs {}",
        "versus_unstated": "baseline not given by the source",
        "baseline_kind": {"figure": "from baseline and result", "factor": "as the source states it"},
        "axis_month": "{name} {year}",
        "axis_quarter": "Q{q} {year}",
    },
}
MONTHS_SHORT = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")  # English axes
