# A function's label (one with a .size) is not followed by the search for
# code addresses computed from a label (computed.c): compilers move
# function pointers as they like, and g++ -O2 packs std::function's
# manager and invoker with punpcklqdq.  The names were compared only up
# to 255 characters, so a C++ name longer than that (libstdc++'s
# std::async: 256) missed its .size, and the file was refused with a
# warning (read as hand-written: without the plugin's manifest).
# RUN: %sas --softticks-report --softticks-stats --softticks-emit=%t.s %s 2> %t.err
# RUN: FileCheck %s < %t.err
# RUN: %as --64 %t.s -o %t.o && %tickfree %t.o
# CHECK-NOT: computed from a label
# CHECK: refused=0
	.text
	.globl	_ZNSt17_Function_handlerIFSt10unique_ptrINSt13__future_base12_Result_baseENS2_8_DeleterEEvENS1_12_Task_setterIS0_INS1_7_ResultIvEES3_ENSt6thread8_InvokerISt5tupleIJZ21test_pr91486_wait_forvEUlvE_EEEEvEEE10_M_managerERSt9_Any_dataRKSI_St18_Manager_operation
	.type	_ZNSt17_Function_handlerIFSt10unique_ptrINSt13__future_base12_Result_baseENS2_8_DeleterEEvENS1_12_Task_setterIS0_INS1_7_ResultIvEES3_ENSt6thread8_InvokerISt5tupleIJZ21test_pr91486_wait_forvEUlvE_EEEEvEEE10_M_managerERSt9_Any_dataRKSI_St18_Manager_operation, @function
_ZNSt17_Function_handlerIFSt10unique_ptrINSt13__future_base12_Result_baseENS2_8_DeleterEEvENS1_12_Task_setterIS0_INS1_7_ResultIvEES3_ENSt6thread8_InvokerISt5tupleIJZ21test_pr91486_wait_forvEUlvE_EEEEvEEE10_M_managerERSt9_Any_dataRKSI_St18_Manager_operation:
	xorl	%eax, %eax
	ret
	.size	_ZNSt17_Function_handlerIFSt10unique_ptrINSt13__future_base12_Result_baseENS2_8_DeleterEEvENS1_12_Task_setterIS0_INS1_7_ResultIvEES3_ENSt6thread8_InvokerISt5tupleIJZ21test_pr91486_wait_forvEUlvE_EEEEvEEE10_M_managerERSt9_Any_dataRKSI_St18_Manager_operation, .-_ZNSt17_Function_handlerIFSt10unique_ptrINSt13__future_base12_Result_baseENS2_8_DeleterEEvENS1_12_Task_setterIS0_INS1_7_ResultIvEES3_ENSt6thread8_InvokerISt5tupleIJZ21test_pr91486_wait_forvEUlvE_EEEEvEEE10_M_managerERSt9_Any_dataRKSI_St18_Manager_operation
	.globl	make_task
	.type	make_task, @function
make_task:
	leaq	_ZNSt17_Function_handlerIFSt10unique_ptrINSt13__future_base12_Result_baseENS2_8_DeleterEEvENS1_12_Task_setterIS0_INS1_7_ResultIvEES3_ENSt6thread8_InvokerISt5tupleIJZ21test_pr91486_wait_forvEUlvE_EEEEvEEE10_M_managerERSt9_Any_dataRKSI_St18_Manager_operation(%rip), %rcx
	movq	%rcx, %xmm0
	punpcklqdq	%xmm1, %xmm0
	movaps	%xmm0, (%rdi)
	ret
	.size	make_task, .-make_task
	.section	.note.GNU-stack,"",@progbits
